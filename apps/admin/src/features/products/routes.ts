import type { RouteObject } from 'react-router';

/** The products page (a child of /AdminDashboard). */
export const productRoutes: RouteObject[] = [
  { path: 'products', lazy: async () => ({ Component: (await import('./products-page')).ProductsPage }) },
];
