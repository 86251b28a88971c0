import type { RouteObject } from 'react-router';

const formPage = async () => ({ Component: (await import('./banner-form-page')).BannerFormPage });

/** Banner list, add and edit (children of /AdminDashboard). */
export const bannerRoutes: RouteObject[] = [
  { path: 'banners', lazy: async () => ({ Component: (await import('./banners-page')).BannersPage }) },
  { path: 'add-banner', lazy: formPage },
  { path: 'edit-banner/:bannerId', lazy: formPage },
];
