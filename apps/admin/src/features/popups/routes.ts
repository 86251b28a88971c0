import type { RouteObject } from 'react-router';

const formPage = async () => ({ Component: (await import('./popup-form-page')).PopupFormPage });

/** Popups List, add and edit; matching ignores case, so Popup, add-Popup and edit-Popup land here too. */
export const popupRoutes: RouteObject[] = [
  { path: 'popup', lazy: async () => ({ Component: (await import('./popups-page')).PopupsPage }) },
  { path: 'add-popup', lazy: formPage },
  { path: 'edit-popup/:popupId', lazy: formPage },
];
