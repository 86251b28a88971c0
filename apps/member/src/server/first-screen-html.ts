/**
 * The page a server-rendered first screen goes out in (decision 0071): the built index.html with the rendered
 * markup in `#root`, the state it was rendered from as data, and the app's own code fetched only once the
 * first screen has painted. Plain string work on the one template Vite writes (no HTML parser needed: the
 * patterns below are the build's own output, and `first-screen-html.test.ts` pins them).
 */

import { LIBRARY_PATH, PLAYER_PATH } from '../app/prefetch';

/** The id of the data block `public/early.js` reads to start the app after the first screen's paint. */
export const APP_START_ID = 'app-start';

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const EARLY_SCRIPT = '<script async src="/early.js"></script>';
const EARLY_ROUTES = /<script type="application\/json" id="early-routes">([^<]*)<\/script>/;

/** JSON that can sit inside a `<script>` element: no `<` can close it or open a comment. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The lazy route of a first-screen path, by the name the build's `early-routes` block knows it. */
const routeOf = (pathname: string) => {
  if (LIBRARY_PATH.test(pathname)) return 'library';
  return PLAYER_PATH.test(pathname) ? 'player' : null;
};

export interface FirstScreenPage {
  html: string;
  state: unknown;
  isMobile: boolean;
  location: string;
}

/**
 * `template` (the built index.html) carrying `page`. The entry script and its `modulepreload`s leave the page for
 * the `app-start` block, from which early.js fetches them once the first screen has painted; a lazy route's
 * stylesheet is linked (its markup is in the page) and its chunks join the start.
 */
export function firstScreenHtml(template: string, pathname: string, page: FirstScreenPage): string {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty #root');
  let html = template.replace(
    ROOT,
    `<div id="root">${page.html}</div><script type="application/json" id="first-screen-state">${scriptSafeJson(
      {
        state: page.state,
        isMobile: page.isMobile,
        location: page.location,
      },
    )}</script>`,
  );
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no entry module script');
  const routeFiles = readRouteFiles(template, routeOf(pathname));
  const start = {
    entry,
    preload: [...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string), ...routeFiles.js],
  };
  html = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const styles = routeFiles.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  // Before early.js, which reads it as soon as it runs (it is async, so maybe before the body is parsed).
  return html.replace(
    EARLY_SCRIPT,
    `${styles}<script type="application/json" id="${APP_START_ID}">${scriptSafeJson(start)}</script>${EARLY_SCRIPT}`,
  );
}

function readRouteFiles(template: string, route: string | null): { js: string[]; css: string[] } {
  const block = EARLY_ROUTES.exec(template)?.[1];
  if (!route || !block) return { js: [], css: [] };
  try {
    const files = JSON.parse(block) as Record<string, { js?: string[]; css?: string[] }>;
    return { js: files[route]?.js ?? [], css: files[route]?.css ?? [] };
  } catch {
    return { js: [], css: [] };
  }
}
