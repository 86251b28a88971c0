import { ApiError } from '@dance/api-client';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createAppApiClient, createAppQueryClient } from './app/api';
import { AppTree } from './app/app-tree';
import { createAppNavigator } from './app/navigator';
import { isHomePath, LIBRARY_PATH, PLAYER_PATH, prefetchFirstPage } from './app/prefetch';
import { preloadPlayerForServer } from './features/player/preload-player';
import { firstScreenHtml } from './server/first-screen-html';

/**
 * The pages whose first screen the server renders for a visitor without a session (decision 0071): home, the
 * library's addresses and the player (infra/Caddyfile's `@first_screen` and `@player_page` name the same).
 * Everything else is rendered by the client as before.
 */
export const isFirstScreenPath = (pathname: string) =>
  isHomePath(pathname) || LIBRARY_PATH.test(pathname) || PLAYER_PATH.test(pathname);

/**
 * The pages the server also renders for a member, with their session (decision 0072): the player alone, the page
 * a shared link or a new tab opens. Its answers are the member's own, so the page is never stored by a cache.
 */
export const isMemberFirstScreenPath = (pathname: string) => PLAYER_PATH.test(pathname);

export interface RenderedFirstScreen {
  /** The markup of `#root`. */
  html: string;
  /** The query cache the page was rendered from, for the client's hydration. */
  state: DehydratedState;
  /** Whether the page was laid out for a phone (the client's first render must be the same). */
  isMobile: boolean;
  /** The address rendered (path and query): the page's parts that only a server-rendered page has check it. */
  location: string;
  /** The API's `Set-Cookie` answers (a renewed session's cookie), for the browser. */
  setCookies: string[];
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
  cookie,
  signal,
}: {
  url: string;
  apiBase: string;
  userAgent?: string;
  /** The visitor's address as the proxy in front gave it: the API's rate limits count the visitor, not this server. */
  forwardedFor?: string;
  /** The visitor's session cookie, sent on to the API for a member's page (isMemberFirstScreenPath) only. */
  cookie?: string;
  signal?: AbortSignal;
}): Promise<RenderedFirstScreen | null> {
  const { pathname, search } = new URL(url, 'http://first-screen');
  if (!isFirstScreenPath(pathname)) return null;
  if (cookie && !isMemberFirstScreenPath(pathname)) return null;
  const setCookies = new Set<string>();
  const client = createAppApiClient(`${apiBase.replace(/\/$/, '')}/api/v1`, async (input, init) => {
    const headers = new Headers(init?.headers);
    if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(input, { ...init, headers, signal });
    // A sliding session renewed by one of these calls re-sends its cookie: it goes on to the browser.
    for (const value of response.headers.getSetCookie()) setCookies.add(value);
    return response;
  });
  const queryClient = createAppQueryClient();
  // No retry: a failed answer makes the client render the page (and retry), at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  await prefetchFirstPage(queryClient, client, pathname, search);
  if (PLAYER_PATH.test(pathname)) await preloadPlayerForServer(queryClient, client, search);
  // A page whose data failed is left to the client, which shows its own error states and retries. An answer
  // about this visitor (a member without a plan, a video not ready yet: 4xx) is the client's to show, as
  // always; anything else the caller logs before serving the static page.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status !== 'success');
  if (failed.length > 0) {
    if (failed.every(({ state }) => state.error instanceof ApiError && state.error.status < 500)) return null;
    throw new Error(
      `the API did not answer ${failed.map((query) => JSON.stringify(query.queryKey)).join(', ')}: ${String(failed[0]?.state.error)}`,
    );
  }
  const isMobile = isPhoneUserAgent(userAgent);
  const location = `${pathname}${search}`;
  const { NavigatorBridge } = createAppNavigator();
  const { prelude } = await prerenderToNodeStream(
    <AppTree
      client={client}
      queryClient={queryClient}
      firstScreen={{ isMobile, location }}
      router={(children) => <StaticRouter location={location}>{children}</StaticRouter>}
      navigatorBridge={<NavigatorBridge />}
    />,
    // Every boundary's content inline, where it stands: a large one is otherwise sent apart and moved into
    // place by an inline script, which the production CSP (script-src 'self') does not run.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, state: dehydrate(queryClient), isMobile, location, setCookies: [...setCookies] };
}

/** The session cookie (the API's `SESSION_COOKIE`, `sid`): its presence means a signed-in visit. */
const SESSION_COOKIE = /(?:^|;\s*)(sid=[^;]*)/;

/** How long a render may wait for the API: past it the visitor gets the client-rendered page at once. */
const RENDER_TIMEOUT_MS = 3000;

export interface RenderedPage {
  html: string;
  /** The response's headers: a page rendered with a member's session is theirs alone, and no cache keeps it. */
  headers: Record<string, string | string[]>;
}

/**
 * The whole page for a navigation to `url`: `template` (the built index.html) with the first screen rendered in,
 * or null when the client renders it (another page, a member's page other than the player, an answer about the
 * visitor the client shows). Throws when the render failed (the API did not answer, or not in time): the caller
 * serves the static page and logs why.
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
}): Promise<RenderedPage | null> {
  // Only the session goes on to the API, never the visitor's other cookies.
  const session = cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined;
  const page = await renderFirstScreen({ url, cookie: session, ...options });
  if (!page) return null;
  return {
    html: firstScreenHtml(template, new URL(url, 'http://first-screen').pathname, page),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // index.html (and so every page that serves it) is revalidated on each visit, as Caddy serves it.
      'cache-control': session ? 'private, no-store' : 'no-cache',
      vary: 'Cookie',
      ...(page.setCookies.length > 0 ? { 'set-cookie': page.setCookies } : {}),
    },
  };
}

/**
 * `renderPage` for a Node request, within RENDER_TIMEOUT_MS: what `vite preview` (vite.config.ts) and production's
 * render process (render-server.mjs) call, so both render alike.
 */
export function renderRequest(
  request: { url?: string; headers: Record<string, string | string[] | undefined> },
  { template, apiBase }: { template: string; apiBase: string },
): Promise<RenderedPage | null> {
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
