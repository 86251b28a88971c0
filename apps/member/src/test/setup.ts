import '@testing-library/jest-dom/vitest';
import { contractViolation } from '@dance/domain/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { OFF_CONTRACT_HEADER } from './fixtures';
import { server } from './server';

// The first render of a lazy page transforms its modules on the fly: give finds time for that.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads; answer them as a desktop browser would.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= () => {};

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
    const isChecked = !response.headers.has(OFF_CONTRACT_HEADER);
    if (isChecked && response.headers.get('content-type')?.includes('json')) {
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
  localStorage.clear();
});
afterAll(() => server.close());
