import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TBanner } from '@dance/domain';
import { responsiveImageProps } from '@dance/ui';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_IMAGE_SIZES, ROW_IMAGE_SIZES } from '../features/home/image-sizes';
import { MainBanner } from '../features/home/main-banner';
import { screenPoster } from '../shared/video-player/poster';

/** public/early.js as the browser gets it: a plain script, run in this page. */
const EARLY_JS = readFileSync(
  join(dirname(new URL(import.meta.url).pathname), '../../public/early.js'),
  'utf8',
);

const HOME = {
  banner: {
    id: 'b1',
    title: 'Summer intensive',
    imageUrl: '/files/banner/2026-11/abc.jpg#webp=320,640,960,1280',
  },
  groups: [
    { name: 'Featured', videos: [{ thumbnailUrl: '/files/thumbnail/2026-11/f.png#webp=320' }] },
    {
      name: 'Recent Releases',
      videos: ['a', 'b', 'c', 'd', 'e'].map((n) => ({
        thumbnailUrl: `/files/thumbnail/2026-11/${n}.png#webp=320,640`,
      })),
    },
  ],
};

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    as: link.as,
    href: link.getAttribute('href'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    priority: link.fetchPriority,
  }));

/** The URLs early.js asked for. */
const earlyUrls = () => [...((window.__danceEarly as Map<string, unknown> | undefined)?.keys() ?? [])];

function runEarlyJs(path: string) {
  window.history.replaceState(null, '', path);
  // biome-ignore lint/security/noGlobalEval: the script under test is a static file of this app.
  window.eval(EARLY_JS);
}

afterEach(() => {
  // A server-rendered page's held taps: early.js's listeners go with the replay.
  window.__danceReplay?.();
  delete window.__danceReplay;
  for (const link of document.head.querySelectorAll('link')) link.remove();
  delete window.__danceEarly;
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('public/early.js', () => {
  it("preloads home's first-paint images as soon as the home answer arrives, as the page's <img>s load them", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/v1/home' ? Response.json(HOME) : Response.json({}))),
    );
    runEarlyJs('/');
    await vi.waitFor(() => expect(preloads().length).toBeGreaterThan(0));
    const early = preloads();

    // The banner (the largest paint, high priority) with the srcset and sizes its <img> has.
    const img = render(
      <MainBanner banner={HOME.banner as TBanner} isLoading={false} />,
    ).container.querySelector('img')!;
    expect(early[0]).toEqual({
      as: 'image',
      href: img.getAttribute('src'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      priority: 'high',
    });
    expect(early[0]?.sizes).toBe(BANNER_IMAGE_SIZES);
    // Then the first four cards of the first row (Continue Watching, else Recent Releases), at the rows' size.
    const cards = HOME.groups[1]!.videos.slice(0, 4).map((video) => {
      const { src, srcSet, sizes } = responsiveImageProps(video.thumbnailUrl, ROW_IMAGE_SIZES);
      return { as: 'image', href: src, srcset: srcSet ?? null, sizes: sizes ?? null, priority: 'auto' };
    });
    expect(early.slice(1)).toEqual(cards);
  });

  it('leaves the answer whole for the app, and preloads nothing for a failed answer or another page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    runEarlyJs('/home');
    const early = window.__danceEarly as Map<string, { response: Promise<Response> }>;
    expect((await early.get('/api/v1/home')!.response).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads()).toEqual([]);

    delete window.__danceEarly;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(HOME)),
    );
    runEarlyJs('/AllVideos');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads()).toEqual([]);
  });

  it('hands the app a home answer it can still read after the preloads read their copy', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(HOME)),
    );
    runEarlyJs('/');
    const early = window.__danceEarly as Map<string, { response: Promise<Response> }>;
    await vi.waitFor(() => expect(preloads().length).toBe(5));
    expect(await (await early.get('/api/v1/home')!.response).json()).toEqual(HOME);
  });

  it("asks for a player page's playback answer by the app's URL and preloads its poster", async () => {
    const posterUrl = '/files/posters/p.jpg#webp=320,640,960,1280';
    const fetch = vi.fn(async (url: string) =>
      url.includes('/playback')
        ? Response.json({ source: { hlsUrl: '/m.m3u8', posterUrl } })
        : Response.json({}),
    );
    vi.stubGlobal('fetch', fetch);
    // A phone: the variant the player sets on its <video> for this screen, and not the JPEG.
    vi.stubGlobal('innerWidth', 412);
    vi.stubGlobal('devicePixelRatio', 1.75);
    runEarlyJs('/PlayerPage?v=abc%2F1&type=FPL');
    expect(earlyUrls()).toContain('/api/v1/videos/abc%2F1/playback?type=FPL');
    await vi.waitFor(() =>
      expect(preloads()).toEqual([
        expect.objectContaining({ href: screenPoster(posterUrl), priority: 'high' }),
      ]),
    );
    expect(screenPoster(posterUrl)).toBe('/files/posters/p.w960.webp');

    // No type is the default view, as the app reads it; a long spelling is left to the app.
    for (const link of document.head.querySelectorAll('link')) link.remove();
    delete window.__danceEarly;
    runEarlyJs('/PlayerPage?v=abc');
    expect(earlyUrls()).toContain('/api/v1/videos/abc/playback?type=PV');
    delete window.__danceEarly;
    runEarlyJs('/PlayerPage?v=abc&type=featured');
    expect(earlyUrls().some((url) => url.includes('/playback'))).toBe(false);
  });

  it("preloads a library or player address's route chunks in the mode the app loads them (its stylesheets with crossorigin)", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    const routes = document.createElement('script');
    routes.type = 'application/json';
    routes.id = 'early-routes';
    routes.textContent = JSON.stringify({
      player: { js: ['/assets/player-page-A.js'], css: ['/assets/player-page-B.css'] },
    });
    document.head.append(routes);
    try {
      runEarlyJs('/PlayerPage?v=abc');
      const modules = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
      expect(modules.map((link) => link.getAttribute('href'))).toEqual(['/assets/player-page-A.js']);
      // Vite's loader adds a route's stylesheet with crossorigin: a preload without it is fetched apart and unused.
      const styles = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter(
        (link) => link.getAttribute('href')?.endsWith('.css'),
      );
      expect(styles.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
        ['/assets/player-page-B.css', ''],
      ]);
    } finally {
      routes.remove();
    }
  });

  it('on a first screen the server rendered, asks for nothing and starts the app once the page has loaded', async () => {
    const fetch = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetch);
    const start = document.createElement('script');
    start.type = 'application/json';
    start.id = 'app-start';
    start.textContent = JSON.stringify({ entry: '/assets/index-A.js', preload: ['/assets/react-B.js'] });
    document.head.append(start);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      runEarlyJs('/');
      expect(fetch).not.toHaveBeenCalled();
      expect(earlyUrls()).toEqual([]);
      expect(document.head.querySelector('script[type="module"]')).toBeNull();

      window.dispatchEvent(new Event('load'));
      await vi.waitFor(() =>
        expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
          '/assets/index-A.js',
        ),
      );
      expect(
        [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
          link.getAttribute('href'),
        ),
      ).toEqual(['/assets/react-B.js']);
    } finally {
      readyState.mockRestore();
      start.remove();
      for (const script of document.head.querySelectorAll('script[type="module"]')) script.remove();
    }
  });

  it('holds a tap on a button and a form submission made before the app started, and does them again after', () => {
    const start = document.createElement('script');
    start.type = 'application/json';
    start.id = 'app-start';
    start.textContent = JSON.stringify({ entry: '/assets/index-A.js', preload: [] });
    document.head.append(start);
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML =
      '<button type="button">Page 2</button><a href="#next"><span>Next</span></a><form><input name="q"></form>';
    document.body.append(root);
    const button = root.querySelector('button')!;
    const form = root.querySelector('form')!;
    const clicks = vi.fn();
    const submits = vi.fn((event: Event) => event.preventDefault());
    try {
      runEarlyJs('/');
      button.addEventListener('click', clicks);
      form.addEventListener('submit', submits);

      button.click();
      form.requestSubmit();
      expect(clicks).not.toHaveBeenCalled();
      expect(submits).not.toHaveBeenCalled();
      // A link is not held: it works as a plain link.
      const link = vi.fn((event: Event) => event.preventDefault());
      root.querySelector('a')!.addEventListener('click', link);
      root.querySelector('span')!.click();
      expect(link).toHaveBeenCalledOnce();

      window.__danceReplay?.();
      expect(clicks).toHaveBeenCalledOnce();
      expect(submits).toHaveBeenCalledOnce();
      // Once replayed, taps go through at once.
      button.click();
      expect(clicks).toHaveBeenCalledTimes(2);
    } finally {
      start.remove();
      root.remove();
      delete window.__danceReplay;
    }
  });
});
