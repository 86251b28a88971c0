import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../app/routes';
import { ADMIN_NAV, findActiveNavItem, VISIBLE_ADMIN_NAV } from './admin-nav';

/** Every full path of a route tree (a child's path is relative to its parent's). */
function routePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    return [...(route.path ? [path] : []), ...routePaths(route.children ?? [], path)];
  });
}

describe('the admin navigation', () => {
  it('offers every admin section of spec 3 §2 once (and Products, issue 22 item 13)', () => {
    const targets = ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));
    expect(new Set(targets).size).toBe(targets.length);
    expect(targets).toEqual([
      '/AdminDashboard/Overview',
      '/AdminDashboard/AllVideos',
      '/AdminDashboard/add-video',
      '/AdminDashboard/Check',
      '/AdminDashboard/AddVideos',
      '/AdminDashboard/AddClassVideos',
      '/AdminDashboard/AddCategory',
      '/AdminDashboard/TagManagement',
      '/AdminDashBoard/Instructors',
      '/AdminDashboard/products',
      '/AdminDashboard/AllUsers',
      '/AdminDashboard/moderation',
      '/AdminDashboard/notification',
      '/AdminDashboard/TRC-approval',
      '/AdminDashboard/featured-playlist',
      '/AdminDashboard/banners',
      '/AdminDashboard/popup',
      '/AdminDashboard/TRC-content',
      '/AdminDashboard/Reaction',
      '/AdminDashboard/Reaction/reaction-stats',
      '/AdminDashboard/release-audit',
      '/sitemap',
    ]);
  });

  it.each([
    ['/AdminDashboard/Instructors', 'Instructors'],
    ['/AdminDashboard/Popup', 'Popups'],
    ['/AdminDashboard/add-Popup', 'Popups'],
    ['/AdminDashboard/edit-Popup/42', 'Popups'],
    ['/AdminDashboard/trc-approval', 'TRC approval'],
    ['/AdminDashboard/trc-content', 'TRC content'],
    ['/AdminDashboard/TRC-edit/7', 'TRC content'],
    ['/AdminDashboard/edit-banner/3', 'Banners'],
    ['/AdminDashboard/featured-playlist-form', 'Featured playlists'],
    ['/AdminDashboard/Reaction', 'Reactions'],
    ['/AdminDashboard/Reaction/reaction-stats', 'Reaction stats'],
    ['/AdminDashboard/AllVideos/', 'All Videos'],
    ['/AdminDashboard/overview', 'Overview'],
    ['/sitemap', 'Sitemap'],
  ])('highlights the right entry on %s', (pathname, label) => {
    expect(findActiveNavItem(pathname)?.label).toBe(label);
  });

  it('highlights nothing on an address that belongs to no section', () => {
    expect(findActiveNavItem('/AdminDashboard/nothing-here')).toBeUndefined();
  });

  it('shows only the sections whose page exists (each pending one names the issue that builds it)', () => {
    const shown = VISIBLE_ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));
    expect(shown).toContain('/AdminDashboard/moderation');
    const paths = routePaths(adminRoutes);
    for (const to of shown)
      expect(
        paths.some((path) => matchPath({ path, caseSensitive: false, end: true }, to) !== null),
        `${to} has no route`,
      ).toBe(true);
  });
});
