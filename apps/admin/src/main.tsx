import '@dance/ui/styles.css';
import { installPlainValidationMessages } from '@dance/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AdminApp } from './app/admin-app';
import { createAdminApp } from './app/create-admin-app';

// Form checks that use the shared schemas speak plainly (issue 22 item 8).
installPlainValidationMessages();

const app = createAdminApp((routes) => createBrowserRouter(routes));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp {...app} />
  </StrictMode>,
);
