import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };

/**
 * The API as the tests describe it; each test installs the answers it needs with server.use(). Screens that
 * load data when they open get an empty answer by default, so a test about the shell need not know them.
 */
export const defaultHandlers = [
  http.get('*/api/v1/admin/videos', () => HttpResponse.json(emptyPage)),
  http.get('*/api/v1/admin/users', () => HttpResponse.json(emptyPage)),
  http.get('*/api/v1/admin/instructors', () => HttpResponse.json({ items: [] })),
  http.get('*/api/v1/admin/categories', () => HttpResponse.json({ items: [] })),
  http.get('*/api/v1/admin/tags', () => HttpResponse.json({ items: [] })),
];

export const server = setupServer(...defaultHandlers);
