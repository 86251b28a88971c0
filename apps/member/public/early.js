// The first page's work, started while the app's JavaScript is still downloading (issue 21 item 3, decision
// 0058). On a slow phone the entry script takes seconds to arrive and run; what the first page needs from
// the API, and the chunk of a lazy route it lands on, need not wait for it.
//
// A plain script from this origin (the production policy allows no inline script), loaded `async` so it
// never holds the page back. It only starts requests: the app takes each answer once, by URL, within a few
// seconds (apps/member/src/app/early-requests.ts), and asks again itself when this script ran late or not
// at all.
(() => {
  if (window.__danceEarly) return;
  // A first screen that the server rendered (decisions 0071, 0072) carries the answers it was rendered from:
  // nothing to ask. The app's code is fetched once the page has loaded, so that the phone's bandwidth goes first
  // to what the first screen shows (its stylesheet, fonts and images), and the app hydrates what is already there.
  const start = readJson('app-start');
  if (start) {
    window.__danceEarly = new Map();
    holdActionsUntilHydrated();
    startAppAfterLoad(start);
    return;
  }
  const path = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const api = ['/api/v1/auth/session'];
  const isAuthPage = /^\/(login|signup|studiosignup|forgot|reset_password|set-password)(\/|$)/.test(path);
  // The site header's menu lists the categories on every page but the sign-in ones.
  if (!isAuthPage) api.push('/api/v1/categories');
  if (path === '/' || path === '/home') api.push('/api/v1/home');
  // A player page's playback answer (its poster is the largest paint), when the address names the video and
  // its type by short code (packages/domain/src/player/content-type.ts; other spellings the app asks for).
  const query = new URLSearchParams(location.search);
  const videoId = query.get('v');
  const type = query.get('type') ?? 'PV';
  const playback =
    path === '/playerpage' && videoId && ['PV', 'SPL', 'PPL', 'FPL', 'CL', 'TRC'].includes(type)
      ? `/api/v1/videos/${encodeURIComponent(videoId)}/playback?type=${type}`
      : null;
  if (playback) api.push(playback);
  const requests = new Map();
  /** The mark of an uploaded image's variants on its URL (decision 0063). */
  const VARIANTS = /#webp=(\d+(?:,\d+)*)$/;
  /** The URL of the WebP variant `width` wide of an original: its extension replaced (`variantKey` of the domain). */
  const variantUrl = (src, width) => src.replace(/(\.[^./]*)?$/, `.w${width}.webp`);
  for (const url of api) {
    requests.set(url, {
      at: Date.now(),
      // Same origin (relative URLs), so the session cookie goes with fetch's default credentials.
      response: fetch(url, { headers: { accept: 'application/json' } }),
    });
  }
  window.__danceEarly = requests;

  // Home's largest paint is its banner (then the first row's cards): their images start loading as soon as
  // the home answer is here, while the entry script still downloads, with the srcset and sizes of the page's
  // <img>s (early-js.test.tsx keeps them the same), so the browser fetches each once. The answer is read
  // from a copy, taken before the app reads it.
  const whenAnswered = (url, use) =>
    requests
      .get(url)
      ?.response.then((response) => (response.ok ? response.clone().json() : null))
      .then((answer) => answer && use(answer))
      .catch(() => {});
  whenAnswered('/api/v1/home', preloadHomeImages);
  // The player's poster, likewise (the player sets it on its <video> as soon as the answer is here), the
  // variant for the screen's width as the player picks it (shared/video-player/poster.ts).
  if (playback) {
    whenAnswered(playback, (answer) => {
      const url = answer.source?.posterUrl;
      if (url) preloadImage(imageAtWidth(url, innerWidth * devicePixelRatio), 'high');
    });
  }

  // The lazy route's chunks (written into index.html by the build, `early-routes`).
  const routes = {
    library: ['/allvideos', '/lessons', '/exercises', '/acrossthefloor', '/library'],
    player: ['/playerpage'],
  };
  const files = readJson('early-routes');
  if (!files) return;
  for (const [route, paths] of Object.entries(routes)) {
    if (!paths.includes(path)) continue;
    for (const href of files[route]?.js ?? []) addLink('modulepreload', href);
    // crossorigin as Vite's loader asks for the stylesheet: a preload in another credentials mode goes unused.
    for (const href of files[route]?.css ?? [])
      addLink('preload', href, 'style', (link) => {
        link.crossOrigin = '';
      });
  }

  /** An uploaded image's WebP variants (packages/domain/src/files/image-variants.ts, `responsiveImage`). */
  function responsiveImage(url) {
    const mark = VARIANTS.exec(url);
    if (!mark) return { src: url };
    const src = url.slice(0, mark.index);
    return {
      src,
      srcSet: mark[1]
        .split(',')
        .map((width) => `${variantUrl(src, width)} ${width}w`)
        .join(', '),
    };
  }

  /**
   * The narrowest WebP variant at least `pixels` wide, else the original (shared/video-player/poster.ts); the
   * widths are marked in ascending order (markVariants).
   */
  function imageAtWidth(url, pixels) {
    const mark = VARIANTS.exec(url);
    const width = mark?.[1].split(',').find((w) => w >= pixels);
    return width ? variantUrl(url.slice(0, mark.index), width) : url.replace(VARIANTS, '');
  }

  function preloadHomeImages(answer) {
    // features/home/image-sizes.ts, and the first row's first cards as home-page.tsx orders its rows.
    const bannerSizes = '(max-width: 61.93em) calc(100vw - 32px), calc(100vw - 280px)';
    const rowSizes = '280px';
    const groups = answer.groups ?? [];
    const firstRow = ['Continue Watching', 'Recent Releases']
      .map((name) => groups.find((group) => group.name === name))
      .find((group) => group?.videos.length);
    const images = [[answer.banner?.imageUrl, bannerSizes, 'high']];
    for (const video of firstRow?.videos.slice(0, 4) ?? [])
      images.push([video.thumbnailUrl, rowSizes, 'auto']);
    for (const [url, sizes, priority] of images) {
      if (!url) continue;
      const { src, srcSet } = responsiveImage(url);
      preloadImage(src, priority, srcSet, sizes);
    }
  }

  function preloadImage(src, priority, srcSet, sizes) {
    addLink('preload', src, 'image', (link) => {
      link.fetchPriority = priority;
      if (srcSet) {
        link.setAttribute('imagesrcset', srcSet);
        link.setAttribute('imagesizes', sizes);
      }
    });
  }

  /** The JSON data block `id` of the page, or null. */
  function readJson(id) {
    try {
      return JSON.parse(document.getElementById(id)?.textContent || 'null');
    } catch {
      return null;
    }
  }

  /**
   * The app's entry module and its chunks, after the page's load event (or after START_CAP_MS, so that an image
   * that never finishes cannot keep the app from starting). They are the same files the build's own tags name.
   */
  function startAppAfterLoad({ entry, preload }) {
    const START_CAP_MS = 3000;
    let isStarted = false;
    const go = () => {
      if (isStarted) return;
      isStarted = true;
      for (const href of preload)
        addLink('modulepreload', href, undefined, (link) => (link.crossOrigin = ''));
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    };
    // A frame painted after load: the first screen's images, loaded by then, are on the screen before the app's
    // code is asked for (the second callback runs once the first one's frame has been painted; a large page's
    // first paint can come after load on a slow phone).
    const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
    if (document.readyState === 'complete') return afterPaint();
    addEventListener('load', afterPaint, { once: true });
    setTimeout(go, START_CAP_MS);
  }

  /**
   * Until the app has taken over the server's markup, a tap on a button and a form's submission would do nothing
   * (a button's handler is not there yet) or the wrong thing (a search form would reload the page): they are held
   * and done again once the routes have hydrated (`window.__danceReplay`, app/app-tree.tsx), when React handles
   * them. Links are left alone: they work as plain links.
   */
  function holdActionsUntilHydrated() {
    const held = [];
    const hold = (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('#root')) return;
      if (event.type === 'submit') {
        event.preventDefault();
        event.stopPropagation();
        held.push(() => target.isConnected && target.requestSubmit());
        return;
      }
      const button = target.closest('button, [role="button"], [role="tab"]');
      if (!button || button.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      held.push(() => button.isConnected && button.click());
    };
    document.addEventListener('click', hold, true);
    document.addEventListener('submit', hold, true);
    window.__danceReplay = () => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      for (const action of held.splice(0)) action();
    };
  }

  /** A <link> in the head; `init` sets what must be there before it is added (a preload starts at once). */
  function addLink(rel, href, as, init) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    init?.(link);
    document.head.append(link);
  }
})();
