import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createAppApiClient, createAppQueryClient } from './app/api';
import { AppTree } from './app/app-tree';
import { createAppNavigator } from './app/navigator';
import { isHomePath, LIBRARY_PATH, prefetchFirstPage } from './app/prefetch';
import { firstScreenHtml } from './server/first-screen-html';

/**
 * The pages whose first screen the server renders for a visitor without a session (decision 0071): home and
 * the library's addresses (infra/Caddyfile's `@first_screen` names the same). Everything else, and every
 * signed-in visit, is rendered by the client as before.
 */
export const isFirstScreenPath = (pathname: string) => isHomePath(pathname) || LIBRARY_PATH.test(pathname);

export interface RenderedFirstScreen {
  /** The markup of `#root`. */
  html: string;
  /** The query cache the page was rendered from, for the client's hydration. */
  state: DehydratedState;
  /** Whether the page was laid out for a phone (the client's first render must be the same). */
  isMobile: boolean;
}

/** A phone, as far as the User-Agent tells (a wrong guess costs one re-render after hydration, nothing more). */
export const isPhoneUserAgent = (userAgent: string | undefined) =>
  /Mobi|Android|iPhone/i.test(userAgent ?? '');

/**
 * Renders the first screen of `url` for a guest with the app's own components, from the API's answers
 * (`apiBase` is the API's origin; the same public endpoints the browser would ask). Null when `url` is not a
 * page rendered here; throws when the API did not answer what the page needs. Either way the client renders the
 * page as before.
 */
export async function renderFirstScreen({
  url,
  apiBase,
  userAgent,
  forwardedFor,
  signal,
}: {
  url: string;
  apiBase: string;
  userAgent?: string;
  /** The visitor's address as the proxy in front gave it: the API's rate limits count the visitor, not this server. */
  forwardedFor?: string;
  signal?: AbortSignal;
}): Promise<RenderedFirstScreen | null> {
  const { pathname, search } = new URL(url, 'http://first-screen');
  if (!isFirstScreenPath(pathname)) return null;
  const client = createAppApiClient(`${apiBase.replace(/\/$/, '')}/api/v1`, (input, init) => {
    const headers = new Headers(init?.headers);
    if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
    return fetch(input, { ...init, headers, signal });
  });
  const queryClient = createAppQueryClient();
  // No retry: a failed answer makes the client render the page (and retry), at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await prefetchFirstPage(queryClient, client, pathname, search);
  // A page whose data failed is left to the client, which shows its own error states and retries; the caller
  // serves the static page and logs why.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status !== 'success');
  if (failed.length > 0)
    throw new Error(
      `the API did not answer ${failed.map((query) => JSON.stringify(query.queryKey)).join(', ')}: ${String(failed[0]?.state.error)}`,
    );
  const isMobile = isPhoneUserAgent(userAgent);
  const { NavigatorBridge } = createAppNavigator();
  const { prelude } = await prerenderToNodeStream(
    <AppTree
      client={client}
      queryClient={queryClient}
      firstScreen={{ isMobile }}
      router={(children) => <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>}
      navigatorBridge={<NavigatorBridge />}
    />,
    // Every boundary's content inline, where it stands: a large one is otherwise sent apart and moved into
    // place by an inline script, which the production CSP (script-src 'self') does not run.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, state: dehydrate(queryClient), isMobile };
}

/** The session cookie's name (the API's `SESSION_COOKIE`): its presence means a signed-in visit. */
const SESSION_COOKIE = /(?:^|;\s*)sid=/;

/** How long a render may wait for the API: past it the visitor gets the client-rendered page at once. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * The whole page for a navigation to `url`: `template` (the built index.html) with the first screen rendered in,
 * or null when the client renders it (a signed-in visit, another page). Throws when the render failed (the API
 * did not answer, or not in time): the caller serves the static page and logs why.
 */
export async function renderPage({
  template,
  url,
  cookie,
  ...options
}: {
  template: string;
  url: string;
  apiBase: string;
  cookie?: string;
  userAgent?: string;
  forwardedFor?: string;
  signal?: AbortSignal;
}): Promise<string | null> {
  // A member's pages are personal: they are rendered by the client as before, and nothing of theirs is rendered here.
  if (cookie && SESSION_COOKIE.test(cookie)) return null;
  const page = await renderFirstScreen({ url, ...options });
  return page ? firstScreenHtml(template, new URL(url, 'http://first-screen').pathname, page) : null;
}

/**
 * `renderPage` for a Node request, within RENDER_TIMEOUT_MS: what `vite preview` (vite.config.ts) and production's
 * render process (render-server.mjs) call, so both render alike.
 */
export function renderRequest(
  request: { url?: string; headers: Record<string, string | string[] | undefined> },
  { template, apiBase }: { template: string; apiBase: string },
): Promise<string | null> {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return renderPage({
    template,
    url: request.url ?? '/',
    apiBase,
    cookie: header('cookie'),
    userAgent: header('user-agent'),
    forwardedFor: header('x-forwarded-for'),
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
}
