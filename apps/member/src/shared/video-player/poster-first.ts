// A player opened by its address (a shared link, a new tab, a reload) paints its poster before its stream starts
// (decision 0066). The poster is that page's largest paint; on a slow phone hls.js (179 kB) and the stream's
// first segment, asked for beside it, shared the link with it and held it up by seconds.

/** The longest the stream waits for the poster (a poster that never arrives must not keep the video back). */
export const POSTER_FIRST_MAX_WAIT_MS = 10_000;
/** An input opens the stream at once: the member may be pressing Play. */
const INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * The page is still on its first screen: nobody has pressed, tapped or typed on it since it loaded. A player
 * reached from another page of the app (a card's click, Enter on a card) always follows an input. Browsers
 * without Event Timing's first input (Safari) cannot tell: they start the stream at once, as before.
 */
export function isOnFirstScreen(): boolean {
  if (typeof PerformanceObserver === 'undefined') return false;
  if (!PerformanceObserver.supportedEntryTypes?.includes('first-input')) return false;
  return performance.getEntriesByType('first-input').length === 0;
}

/** Resolves once a poster has been shown (whenPosterShown), to let what waits with the stream go. */
let markStreamMayStart: () => void = () => {};
const streamMayStart = new Promise<void>((resolve) => {
  markStreamMayStart = resolve;
});

/**
 * Resolves when the page's stream may start: at once past the first screen, else once a player's poster is
 * shown (or the member pressed something). The code that comes with the video's first frame (its practice
 * tools) is asked for then: before, it would share the link with the poster.
 */
export function whenStreamMayStart(): Promise<void> {
  return isOnFirstScreen() ? streamMayStart : Promise.resolve();
}

/**
 * Resolves once the element's poster is on screen (decoded, then two frames), at the page's first input, or
 * after POSTER_FIRST_MAX_WAIT_MS; at once when the element has no poster or the page is past its first screen.
 */
export function whenPosterShown(video: HTMLVideoElement): Promise<void> {
  const poster = video.getAttribute('poster');
  if (!poster || !isOnFirstScreen()) {
    markStreamMayStart();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      window.clearTimeout(timer);
      for (const type of INPUTS) window.removeEventListener(type, done, true);
      markStreamMayStart();
      resolve();
    };
    const timer = window.setTimeout(done, POSTER_FIRST_MAX_WAIT_MS);
    for (const type of INPUTS) window.addEventListener(type, done, true);
    // The element loads the same URL (early.js preloaded it): decoded here, it paints with the next frame.
    const image = new Image();
    image.src = poster;
    image.decode().then(() => requestAnimationFrame(() => requestAnimationFrame(done)), done);
  });
}
