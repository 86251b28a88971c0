import '@testing-library/jest-dom/vitest';
import { contractViolation } from '@dance/domain/testing';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// A busy CI machine (2 cores, every package testing at once) can take seconds to render: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads; answer them the way a desktop browser would.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

// Mantine's focus trap warns when a menu's dropdown opens in jsdom (its items are still hidden by the opening
// transition when the trap looks), and logs the dropdown's element with its React fibers: tens of kilobytes
// of text at each opening, slow enough on a loaded CI machine to make a menu test time out. The trap works in
// a browser (the e2e keyboard and axe checks open these menus); here the warning is only noise.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return;
  warn(...args);
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

// Every mocked answer must be one the API could give: its JSON body parses with the endpoint's contract from
// @dance/domain (the problem schema for errors). Checked on the way to the app, reported after the test.
const contractViolations: string[] = [];
beforeAll(() => {
  const mockedFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await mockedFetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    if (response.headers.get('content-type')?.includes('json')) {
      const violation = contractViolation(method, url, response.status, await response.clone().json());
      if (violation) contractViolations.push(violation);
    }
    return response;
  };
});
afterEach(() => {
  const violations = contractViolations.splice(0);
  if (violations.length > 0)
    throw new Error(`Mocked API answers outside the contracts:\n${violations.join('\n')}`);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Toasts live in a module-level store: start every test with none on screen.
  notifications.clean();
  window.localStorage.clear();
});
afterAll(() => server.close());
