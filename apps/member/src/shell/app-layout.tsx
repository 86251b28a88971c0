import { BREAKPOINTS } from '@dance/domain';
import { useIsIdleAfterPaint } from '@dance/ui';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useFirstScreen } from '../app/first-screen';
import classes from './app-layout.module.css';
import { FlashBanner } from './flash-banner';
import { isPlayerPath } from './nav-items';
import { SidebarNav } from './sidebar-nav';
import { SiteHeader } from './site-header';

// The drawer (modal machinery, scroll lock) loads the first time a narrow screen opens the menu.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// The member popup (issue 7) loads once the first page is idle, so it never delays the first paint.
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
  // On a page the server rendered, its guess of a phone (decision 0071): the menu button starts as it will stay.
  const firstScreen = useFirstScreen();
  const isNarrow =
    useMediaQuery(`(max-width: ${BREAKPOINTS.sidebar - 0.02}px)`, firstScreen?.isMobile) ?? false;
  const isPlayerPage = isPlayerPath(pathname);
  // The sidebar is collapsed on the player page and open elsewhere, unless the member toggled it on this kind of
  // page. Derived while rendering, not set by an effect: the new page and the sidebar's state come in one frame,
  // and only a member's toggle is animated (a route's change would slide the page sideways: a layout shift).
  const [toggled, setToggled] = useState<{ isPlayerPage: boolean; isCollapsed: boolean } | null>(null);
  const isToggled = toggled !== null && toggled.isPlayerPage === isPlayerPage;
  const isSidebarCollapsed = isToggled ? toggled.isCollapsed : isPlayerPage;
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const [hasPainted, setHasPainted] = useState(false);
  const isIdle = useIsIdleAfterPaint();

  useEffect(() => {
    setHasPainted(true);
  }, []);

  // A new page opens at its top (a card clicked far down the list opens the player in view), before the
  // browser paints it: left scrolled, the short page that grows (the player's first render, then its details)
  // showed the footer and pushed it down (a layout shift). Back and forward keep the browser's own scrolling.
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  // A new page closes the drawer.
  useEffect(() => {
    drawer.close();
  }, [pathname, drawer.close]);

  function toggleMenu() {
    if (isNarrow) {
      setHasOpenedDrawer(true);
      drawer.toggle();
    } else setToggled({ isPlayerPage, isCollapsed: !isSidebarCollapsed });
  }

  // Header 64 px, sidebar 248 px from 991 px up (app-layout.module.css); below it the drawer.
  return (
    <div
      className={classes.root}
      data-collapsed={isSidebarCollapsed || undefined}
      data-animated={isToggled || undefined}
    >
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
        {isIdle && (
          <Suspense fallback={null}>
            <ActivePopup />
          </Suspense>
        )}
        {/* A new box when the sidebar's default changes (to or from the player): the new page appears in its
            place instead of the old box sliding sideways (a layout shift). */}
        <div className={classes.page} key={isPlayerPage ? 'player' : 'page'}>
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
