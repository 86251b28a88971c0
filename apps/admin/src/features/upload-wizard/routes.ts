import type { RouteObject } from 'react-router';

/** The upload wizard (spec 3 "Upload wizard (mux)"), a child of /AdminDashboard. */
export const uploadWizardRoutes: RouteObject[] = [
  {
    path: 'AddVideos',
    lazy: async () => ({ Component: (await import('./upload-wizard-page')).UploadWizardPage }),
  },
];
