import { BREAKPOINTS } from '@dance/domain';
import { AppShell } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { AdminGuard } from '../features/auth/admin-guard';
import { AdminHeader } from './admin-header';
import classes from './admin-layout.module.css';
import { findActiveNavItem } from './admin-nav';
import { AdminNavbar } from './admin-navbar';

/** Mantine takes the desktop layout from this width up, so narrow screens (991 px and less) get the drawer. */
const SIDEBAR_BREAKPOINT = `${(BREAKPOINTS.sidebar + 1) / 16}em`;

/** The frame of every admin screen, behind the guard. */
export function AdminLayout() {
  return (
    <AdminGuard>
      <AdminFrame />
    </AdminGuard>
  );
}

function AdminFrame() {
  const [isNavOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const activeItem = findActiveNavItem(pathname);
  useDocumentTitle(activeItem ? `${activeItem.label} · Admin` : 'Admin · Dance Training');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: SIDEBAR_BREAKPOINT, collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
      classNames={{ main: classes.main, header: classes.header, navbar: classes.navbar }}
    >
      <AppShell.Header>
        <AdminHeader isNavOpen={isNavOpen} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <AdminNavbar onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
