import '@dance/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AdminApp } from './app/admin-app';
import { createAdminApp } from './app/create-admin-app';

const app = createAdminApp((routes) => createBrowserRouter(routes));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp {...app} />
  </StrictMode>,
);
