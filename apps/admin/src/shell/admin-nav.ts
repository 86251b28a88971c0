import {
  IconAppWindow,
  IconBell,
  IconBooks,
  IconBrandVimeo,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconCloudUpload,
  IconLayoutDashboard,
  IconMovie,
  IconPhoto,
  IconPlaylist,
  IconSchool,
  IconShieldCheck,
  IconShoppingBag,
  IconSitemap,
  IconTags,
  IconThumbUp,
  IconUserCheck,
  IconUserStar,
  IconUsers,
  IconVideoPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { matchPath } from 'react-router';

export interface AdminNavItem {
  label: string;
  /** The spec's route, in the spec's casing (spec 3 §2). */
  to: string;
  icon: TablerIcon;
  /** Other screens of the same section (forms, edit pages) that keep this entry highlighted. */
  alsoActiveOn?: readonly string[];
  /** The open issue that builds this section's page: until it lands the entry is not shown (no dead ends). */
  pendingIssue?: number;
}

export interface AdminNavGroup {
  label: string;
  items: readonly AdminNavItem[];
}

/** Every admin section of spec 3 §2, grouped the way an admin thinks about the work. */
export const ADMIN_NAV: readonly AdminNavGroup[] = [
  {
    label: 'Dashboard',
    // Beyond the spec (issue 18): the business overview the team checks every morning, the first tab.
    items: [{ label: 'Overview', to: '/AdminDashboard/Overview', icon: IconLayoutDashboard }],
  },
  {
    label: 'Videos',
    items: [
      { label: 'All Videos', to: '/AdminDashboard/AllVideos', icon: IconMovie },
      { label: 'Add video', to: '/AdminDashboard/add-video', icon: IconVideoPlus },
      { label: 'Add Videos from vimeo', to: '/AdminDashboard/Check', icon: IconBrandVimeo },
      { label: 'Upload (mux)', to: '/AdminDashboard/AddVideos', icon: IconCloudUpload },
      { label: 'Add Class Video', to: '/AdminDashboard/AddClassVideos', icon: IconSchool },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Categories', to: '/AdminDashboard/AddCategory', icon: IconCategory },
      { label: 'Tags', to: '/AdminDashboard/TagManagement', icon: IconTags },
      { label: 'Instructors', to: '/AdminDashBoard/Instructors', icon: IconUserStar },
      { label: 'Products', to: '/AdminDashboard/products', icon: IconShoppingBag },
    ],
  },
  {
    label: 'People',
    items: [
      { label: 'Users', to: '/AdminDashboard/AllUsers', icon: IconUsers },
      { label: 'Moderation', to: '/AdminDashboard/moderation', icon: IconShieldCheck },
      { label: 'Notifications', to: '/AdminDashboard/notification', icon: IconBell },
      { label: 'TRC approval', to: '/AdminDashboard/TRC-approval', icon: IconUserCheck },
    ],
  },
  {
    label: 'Content',
    items: [
      {
        label: 'Featured playlists',
        to: '/AdminDashboard/featured-playlist',
        icon: IconPlaylist,
        alsoActiveOn: ['/AdminDashboard/featured-playlist-form'],
      },
      {
        label: 'Banners',
        to: '/AdminDashboard/banners',
        icon: IconPhoto,
        alsoActiveOn: ['/AdminDashboard/add-banner', '/AdminDashboard/edit-banner/:bannerId'],
      },
      {
        label: 'Popups',
        to: '/AdminDashboard/popup',
        icon: IconAppWindow,
        alsoActiveOn: ['/AdminDashboard/add-popup', '/AdminDashboard/edit-popup/:popupId'],
      },
      {
        label: 'TRC content',
        to: '/AdminDashboard/TRC-content',
        icon: IconBooks,
        alsoActiveOn: ['/AdminDashboard/TRC-add', '/AdminDashboard/TRC-edit/:id'],
      },
    ],
  },
  {
    label: 'Insights',
    items: [
      { label: 'Reactions', to: '/AdminDashboard/Reaction', icon: IconThumbUp },
      {
        label: 'Reaction stats',
        to: '/AdminDashboard/Reaction/reaction-stats',
        icon: IconChartBar,
      },
      {
        label: 'Release audit',
        to: '/AdminDashboard/release-audit',
        icon: IconClipboardList,
      },
    ],
  },
  {
    label: 'Site',
    items: [{ label: 'Sitemap', to: '/sitemap', icon: IconSitemap }],
  },
];

/** The sections whose pages exist: what the navigation shows. */
export const VISIBLE_ADMIN_NAV: readonly AdminNavGroup[] = ADMIN_NAV.map((group) => ({
  ...group,
  items: group.items.filter((item) => item.pendingIssue === undefined),
})).filter((group) => group.items.length > 0);

/** Whether a nav entry is the current section; routes match whatever their casing (/AdminDashBoard, popup/Popup). */
export function isNavItemActive(item: AdminNavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some(
    (path) => matchPath({ path, caseSensitive: false, end: true }, pathname) !== null,
  );
}

/** The nav entry of the current screen, for the page title. */
export function findActiveNavItem(pathname: string): AdminNavItem | undefined {
  return ADMIN_NAV.flatMap((group) => group.items).find((item) => isNavItemActive(item, pathname));
}
