import type { TStream } from '@dance/domain';
import { noteWarmedSegment } from './hls-start';
import { readStartFiles, type StartChainAsk, type StartChainReply } from './start-chain';

/** Start segments already asked for (here or by the start chain's worker): never asked for twice. */
const fetchedSegments = new Set<string>();
const FETCHED_KEPT = 50;

function markFetched(segmentUrl: string) {
  fetchedSegments.add(segmentUrl);
  if (fetchedSegments.size > FETCHED_KEPT) {
    const oldest = fetchedSegments.values().next().value;
    if (oldest !== undefined) fetchedSegments.delete(oldest);
  }
}

/**
 * The start's playlist and first segment, as the playback answer names them (decision 0069), fetched at once
 * beside hls.js's master playlist instead of after it: hls.js's own requests for them then join these or find
 * them in the HTTP cache, two round trips fewer. The segment is noted as warmed, so hls.js does not take its
 * cache hit for bandwidth. Errors are left to hls.js, which asks again. Nothing when the start chain's worker
 * already fetched them with the answer.
 */
export function fetchStartFiles(start: NonNullable<TStream['start']>, signal?: AbortSignal) {
  if (fetchedSegments.has(start.segmentUrl)) return;
  markFetched(start.segmentUrl);
  void readStartFiles(start, { base: window.location.href, signal }, noteWarmedSegment);
}

let worker: Worker | null | undefined;
let nextAskId = 0;
const waiting = new Map<number, { resolve: (response: Response) => void; reject: (error: Error) => void }>();

function onReply(reply: StartChainReply) {
  if (reply.type === 'segment') {
    noteWarmedSegment(reply.url, reply.bitsPerSecond);
    return;
  }
  const ask = waiting.get(reply.id);
  waiting.delete(reply.id);
  if (!ask) return;
  if (reply.type === 'failed') {
    ask.reject(new Error('The start chain could not reach the API.'));
    return;
  }
  if (reply.start) markFetched(reply.start.segmentUrl);
  const headers = reply.contentType ? { 'content-type': reply.contentType } : undefined;
  ask.resolve(new Response(reply.status === 204 ? null : reply.body, { status: reply.status, headers }));
}

/** The start chain's worker, started once and kept (null where workers are not available). */
function startChainWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./start-chain.worker.ts', import.meta.url), {
      type: 'module',
      name: 'start-chain',
    });
    worker.onmessage = (event: MessageEvent<StartChainReply>) => onReply(event.data);
    worker.onerror = () => {
      // A worker that cannot run (blocked, failed to load): every ask goes to the network from now on.
      for (const ask of waiting.values()) ask.reject(new Error('The start chain stopped.'));
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Asks for the playback answer at `url` in the start chain's worker (start-chain.ts, decision 0070), which
 * also fetches its start files. Returns the answer as a Response, or null when no worker can run (the caller
 * asks as usual). Aborting the signal stops the worker's requests.
 */
export function askPlaybackOffMainThread(url: string, signal?: AbortSignal) {
  const chain = startChainWorker();
  if (!chain || signal?.aborted) return null;
  const id = ++nextAskId;
  const response = new Promise<Response>((resolve, reject) => waiting.set(id, { resolve, reject }));
  signal?.addEventListener(
    'abort',
    () => {
      chain.postMessage({ type: 'cancel', id });
      waiting.get(id)?.reject(new DOMException('Aborted', 'AbortError'));
      waiting.delete(id);
    },
    { once: true },
  );
  chain.postMessage({ type: 'ask', id, url, base: window.location.href } satisfies StartChainAsk);
  return response;
}
