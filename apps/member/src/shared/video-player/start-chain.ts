/**
 * The player's start chain, run in a worker (start-chain.worker.ts, decision 0070): the playback answer, then at
 * once the start's playlist and first segment that it names (decision 0069), and its master playlist (decision
 * 0078: with the first segment streamed to the transmuxer, hls.js's own playlist chain gates the first frame; it
 * asks for the master once the page has read the answer, and joins this request). On the page's main thread each
 * answer of that chain waited for the player route's render and commit (20-90 ms on the keyboard path); the
 * worker's thread is idle, so the start files go out as the answer arrives. The page gets the answer's text
 * (the API client reads it as an early answer) and hls.js finds the files in the HTTP cache or joins them.
 */

export interface StartChainAsk {
  type: 'ask';
  id: number;
  /** The playback answer's URL, as the API client asks for it. */
  url: string;
  /** The page's address, against which the answer's URLs are resolved (a worker's own is its script's). */
  base: string;
}

export interface StartFiles {
  playlistUrl: string;
  segmentUrl: string;
  /**
   * The master playlist, fetched beside them by the worker (decision 0078): hls.js asks for it once the page has
   * read the answer, often while the page renders the player, and joins this request instead of waiting a round trip.
   */
  masterUrl?: string;
}

export type StartChainReply =
  | {
      type: 'answer';
      id: number;
      status: number;
      contentType: string | null;
      body: string;
      /** The start files now being fetched, as the answer names them; null when none. */
      start: StartFiles | null;
    }
  | { type: 'failed'; id: number }
  /** The first segment has been read: hls.js must not take its cache hit for bandwidth (noteWarmedSegment). */
  | { type: 'segment'; url: string; bitsPerSecond: number };

/** The start files of an answer that starts from 0, or null (a resume point, no stream, not local media). */
export function startFilesOf(body: string): StartFiles | null {
  try {
    const answer = JSON.parse(body) as {
      resumeAtSeconds?: unknown;
      source?: { hlsUrl?: unknown; start?: { playlistUrl?: unknown; segmentUrl?: unknown } | null } | null;
    };
    const start = answer.source?.start;
    if (answer.resumeAtSeconds !== null || !start) return null;
    const { playlistUrl, segmentUrl } = start;
    const masterUrl = answer.source?.hlsUrl;
    if (typeof playlistUrl !== 'string' || typeof segmentUrl !== 'string') return null;
    return typeof masterUrl === 'string'
      ? { masterUrl, playlistUrl, segmentUrl }
      : { playlistUrl, segmentUrl };
  } catch {
    return null;
  }
}

/** Runs one ask; every outcome is posted, errors of the start files are left to hls.js (it asks again). */
export async function runStartChain(
  ask: StartChainAsk,
  post: (reply: StartChainReply) => void,
  signal: AbortSignal,
  network: typeof fetch = fetch,
) {
  let response: Response;
  let body: string;
  try {
    response = await network(ask.url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal,
    });
    body = await response.text();
  } catch {
    post({ type: 'failed', id: ask.id });
    return;
  }
  const files = response.ok ? startFilesOf(body) : null;
  const absolute = (url: string) => new URL(url, ask.base).href;
  const read = files
    ? readStartFiles(
        {
          playlistUrl: absolute(files.playlistUrl),
          segmentUrl: absolute(files.segmentUrl),
          ...(files.masterUrl ? { masterUrl: absolute(files.masterUrl) } : {}),
        },
        { base: ask.base, signal, network },
        (url, bitsPerSecond) => post({ type: 'segment', url, bitsPerSecond }),
      )
    : null;
  post({
    type: 'answer',
    id: ask.id,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
    start: files,
  });
  await read;
}

/**
 * Fetches the start's playlist and first segment at once (decision 0069), the master playlist first when given,
 * as given, and reports the segment by hls.js's name for it (its absolute URL) with the rate it came at, once
 * read. Errors are left to hls.js, which asks again. Used by the worker and by the page when no worker asked
 * (fetchStartFiles, without the master: hls.js asks for it at the same moment there).
 */
export async function readStartFiles(
  files: StartFiles,
  { base, signal, network = fetch }: { base: string; signal?: AbortSignal; network?: typeof fetch },
  onSegmentRead: (url: string, bitsPerSecond: number) => void,
) {
  const read = (url: string) =>
    network(url, { signal, priority: 'high' }).then((file) => (file.ok ? file.arrayBuffer() : null));
  const startedAt = performance.now();
  await Promise.all([
    files.masterUrl ? read(files.masterUrl).catch(() => {}) : null,
    read(files.playlistUrl).catch(() => {}),
    read(files.segmentUrl)
      .then((segment) => {
        const seconds = (performance.now() - startedAt) / 1000;
        if (segment && seconds > 0)
          onSegmentRead(new URL(files.segmentUrl, base).href, (segment.byteLength * 8) / seconds);
      })
      .catch(() => {}),
  ]);
}
