import type { RouteObject } from 'react-router';

const formPage = async () => ({ Component: (await import('./content-form-page')).TrcContentFormPage });

/** TRC approval, content list, add and edit (children of /AdminDashboard); matching ignores case. */
export const trcRoutes: RouteObject[] = [
  {
    path: 'TRC-approval',
    lazy: async () => ({ Component: (await import('./approval-page')).TrcApprovalPage }),
  },
  { path: 'TRC-content', lazy: async () => ({ Component: (await import('./content-page')).TrcContentPage }) },
  { path: 'TRC-add', lazy: formPage },
  { path: 'TRC-edit/:id', lazy: formPage },
];
