import { BREAKPOINTS } from '@dance/domain';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FlashBanner } from './flash-banner';
import { isPlayerPath } from './nav-items';
import { SidebarNav } from './sidebar-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The drawer (modal machinery, scroll lock) loads the first time a narrow screen opens the menu.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// The member popup (issue 7) loads after the page, so it never delays the first paint.
const ActivePopup = lazy(() =>
  import('../features/popups/active-popup').then((m) => ({ default: m.ActivePopup })),
);

const HEADER_HEIGHT = 64;
const NAVBAR_WIDTH = 248;

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

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: NAVBAR_WIDTH,
        breakpoint: BREAKPOINTS.sidebar,
        collapsed: { mobile: true, desktop: isSidebarCollapsed },
      }}
    >
      <AppShell.Header>
        <SiteHeader isMenuOpen={isNarrow ? isDrawerOpen : !isSidebarCollapsed} onToggleMenu={toggleMenu} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Sidebar" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <SidebarNav />
      </AppShell.Navbar>
      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <MobileDrawer isOpen={isNarrow && isDrawerOpen} onClose={drawer.close} />
        </Suspense>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <FlashBanner />
        <Suspense fallback={null}>
          <ActivePopup />
        </Suspense>
        <Box component="div" style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  );
}
