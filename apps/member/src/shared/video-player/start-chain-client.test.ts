import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./hls-start', () => ({ noteWarmedSegment: vi.fn() }));

/** A Worker the test drives: it records what the page posts and replies as the worker would. */
class FakeWorker {
  static last: FakeWorker | null = null;
  posted: unknown[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  reply(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  terminate() {}
}

/** start-files.ts afresh: it keeps its worker for the page's life. */
async function load(withWorker = true) {
  vi.resetModules();
  FakeWorker.last = null;
  if (withWorker) vi.stubGlobal('Worker', FakeWorker);
  return {
    ...(await import('./start-files')),
    noteWarmedSegment: vi.mocked((await import('./hls-start')).noteWarmedSegment),
  };
}

afterEach(() => vi.unstubAllGlobals());

const url = '/api/v1/videos/v1/playback?type=lesson';
const start = { playlistUrl: '/m/a/360p/index.m3u8', segmentUrl: '/m/a/360p/seg_000.ts' };

describe('askPlaybackOffMainThread (decision 0070)', () => {
  it("posts the ask and answers with the worker's answer, as the API gave it", async () => {
    const { askPlaybackOffMainThread } = await load();
    const response = askPlaybackOffMainThread(url)!;
    const worker = FakeWorker.last!;
    expect(worker.posted).toEqual([{ type: 'ask', id: 1, url, base: window.location.href }]);
    worker.reply({
      type: 'answer',
      id: 1,
      status: 403,
      contentType: 'application/json',
      body: '{"code":"X"}',
      start: null,
    });
    const answer = await response;
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ code: 'X' });
  });

  it('leaves the start files to the worker once it has them, and notes its segment as warmed', async () => {
    const { askPlaybackOffMainThread, fetchStartFiles, noteWarmedSegment } = await load();
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    const response = askPlaybackOffMainThread(url)!;
    const worker = FakeWorker.last!;
    worker.reply({ type: 'answer', id: 1, status: 200, contentType: 'application/json', body: '{}', start });
    await response;
    fetchStartFiles(start);
    expect(network).not.toHaveBeenCalled();
    worker.reply({ type: 'segment', url: 'http://localhost/m/a/360p/seg_000.ts', bitsPerSecond: 8_000_000 });
    expect(noteWarmedSegment).toHaveBeenCalledWith('http://localhost/m/a/360p/seg_000.ts', 8_000_000);
  });

  it('rejects on a failure or an abort (the API client then asks the network), and tells the worker to stop', async () => {
    const { askPlaybackOffMainThread } = await load();
    const failed = askPlaybackOffMainThread(url)!;
    FakeWorker.last!.reply({ type: 'failed', id: 1 });
    await expect(failed).rejects.toThrow();
    const controller = new AbortController();
    const aborted = askPlaybackOffMainThread(url, controller.signal)!;
    controller.abort();
    await expect(aborted).rejects.toThrow('Aborted');
    expect(FakeWorker.last!.posted.at(-1)).toEqual({ type: 'cancel', id: 2 });
  });

  it('gives null where no worker can start, so the page asks as usual', async () => {
    const { askPlaybackOffMainThread } = await load(false);
    expect(askPlaybackOffMainThread(url)).toBeNull();
  });
});
