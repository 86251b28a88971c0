import { BREAKPOINTS } from '@dance/domain';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import classes from './app-layout.module.css';
import { FlashBanner } from './flash-banner';
import { isPlayerPath } from './nav-items';
import { SidebarNav } from './sidebar-nav';
import { SiteHeader } from './site-header';

// The drawer (modal machinery, scroll lock) loads the first time a narrow screen opens the menu.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// The member popup (issue 7) loads after the page, so it never delays the first paint.
const ActivePopup = lazy(() =>
  import('../features/popups/active-popup').then((m) => ({ default: m.ActivePopup })),
);

// The footer sits below the fold: its code (grid, brand icons) loads once the page has painted.
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

// react-remove-scroll's marker: a fixed header keeps its place when a drawer or modal locks the page scroll.
const FIXED_RIGHT_CLASS = 'right-scroll-bar-position';

/**
 * The member shell of spec 1 §2. At 991 px and wider the sidebar sits beside the page (collapsed on
 * the player page, toggled by the menu button); below that the menu button opens it as a drawer.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINTS.sidebar - 0.02}px)`) ?? false;
  const isPlayerPage = isPlayerPath(pathname);
  const [isSidebarCollapsed, setIsSidebarCollapsed] = useState(isPlayerPage);
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const [hasPainted, setHasPainted] = useState(false);

  useEffect(() => {
    setHasPainted(true);
  }, []);

  useEffect(() => {
    setIsSidebarCollapsed(isPlayerPage);
  }, [isPlayerPage]);

  // A new page closes the drawer.
  useEffect(() => {
    drawer.close();
  }, [pathname, drawer.close]);

  function toggleMenu() {
    if (isNarrow) {
      setHasOpenedDrawer(true);
      drawer.toggle();
    } else setIsSidebarCollapsed((collapsed) => !collapsed);
  }

  // Header 64 px, sidebar 248 px from 991 px up (app-layout.module.css); below it the drawer.
  return (
    <div className={classes.root} data-collapsed={isSidebarCollapsed || undefined}>
      <header className={`${classes.header} ${FIXED_RIGHT_CLASS}`}>
        <SiteHeader isMenuOpen={isNarrow ? isDrawerOpen : !isSidebarCollapsed} onToggleMenu={toggleMenu} />
      </header>
      <nav aria-label="Sidebar" className={classes.navbar}>
        <SidebarNav />
      </nav>
      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <MobileDrawer isOpen={isNarrow && isDrawerOpen} onClose={drawer.close} />
        </Suspense>
      )}
      <main className={classes.main}>
        <FlashBanner />
        <Suspense fallback={null}>
          <ActivePopup />
        </Suspense>
        <div className={classes.page}>
          <Outlet />
        </div>
        {hasPainted && (
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        )}
      </main>
    </div>
  );
}
