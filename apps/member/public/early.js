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
  let files;
  try {
    files = JSON.parse(document.getElementById('early-routes')?.textContent || '{}');
  } catch {
    return;
  }
  for (const [route, paths] of Object.entries(routes)) {
    if (!paths.includes(path)) continue;
    for (const href of files[route]?.js ?? []) addLink('modulepreload', href);
    for (const href of files[route]?.css ?? []) addLink('preload', href, 'style');
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
