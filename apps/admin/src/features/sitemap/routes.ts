import type { RouteObject } from 'react-router';

/** The generated sitemap screen (spec 3 §2 /sitemap, outside /AdminDashboard). */
export const sitemapRoutes: RouteObject[] = [
  { path: 'sitemap', lazy: async () => ({ Component: (await import('./sitemap-page')).SitemapPage }) },
];
