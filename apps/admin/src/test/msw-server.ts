import { setupServer } from 'msw/node';

/** The API as the tests describe it; each test installs the answers it needs with server.use(). */
export const server = setupServer();
