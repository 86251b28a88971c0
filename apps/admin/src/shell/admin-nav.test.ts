import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, findActiveNavItem } from './admin-nav';

describe('the admin navigation', () => {
  it('offers every admin section of spec 3 §2 once', () => {
    const targets = ADMIN_NAV.flatMap((group) => group.items.map((item) => item.to));
    expect(new Set(targets).size).toBe(targets.length);
    expect(targets).toEqual([
      '/AdminDashboard/AllVideos',
      '/AdminDashboard/add-video',
      '/AdminDashboard/Check',
      '/AdminDashboard/AddVideos',
      '/AdminDashboard/AddClassVideos',
      '/AdminDashboard/AddCategory',
      '/AdminDashboard/TagManagement',
      '/AdminDashBoard/Instructors',
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
  ])('highlights the right entry on %s', (pathname, label) => {
    expect(findActiveNavItem(pathname)?.label).toBe(label);
  });

  it('highlights nothing on an address that belongs to no section', () => {
    expect(findActiveNavItem('/AdminDashboard/nothing-here')).toBeUndefined();
  });
});
