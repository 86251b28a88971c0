import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteWarmedSegment } from './hls-start';
import { fetchStartFiles } from './start-files';

vi.mock('./hls-start', () => ({ noteWarmedSegment: vi.fn() }));

/** Each test's own start (a start is fetched once per page). */
let asset = 0;
const startOf = () => {
  asset += 1;
  return {
    playlistUrl: `/api/v1/media/a/${asset}/s/360p/index.m3u8`,
    segmentUrl: `/api/v1/media/a/${asset}/s/360p/seg_000.ts`,
  };
};

/** A fetch whose answers the test releases, recording what was asked and when. */
function heldFetch(status = 200) {
  const asked: string[] = [];
  const release: (() => void)[] = [];
  const fetch = vi.fn((url: string) => {
    asked.push(url);
    return new Promise<Response>((resolve) =>
      release.push(() => resolve(new Response(new Uint8Array(1000), { status }))),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return { asked, release, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(noteWarmedSegment).mockClear();
});

describe('fetchStartFiles (decision 0069)', () => {
  it('asks for the playlist and the segment at once, before either answers, with the signal and high priority', () => {
    const { asked, fetch } = heldFetch();
    const start = startOf();
    const signal = new AbortController().signal;
    fetchStartFiles(start, signal);
    expect(asked).toEqual([start.playlistUrl, start.segmentUrl]);
    expect(fetch).toHaveBeenCalledWith(start.segmentUrl, { signal, priority: 'high' });
  });

  it("notes the segment as warmed under hls.js's absolute URL once it is read", async () => {
    const { release } = heldFetch();
    const start = startOf();
    fetchStartFiles(start);
    for (const answer of release) answer();
    await vi.waitFor(() => expect(noteWarmedSegment).toHaveBeenCalledTimes(1));
    const [url, bitsPerSecond] = vi.mocked(noteWarmedSegment).mock.calls[0]!;
    expect(url).toBe(new URL(start.segmentUrl, window.location.href).href);
    expect(bitsPerSecond).toBeGreaterThan(0);
  });

  it('notes nothing when the segment is refused (hls.js asks again and reports it)', async () => {
    const { release } = heldFetch(404);
    fetchStartFiles(startOf());
    for (const answer of release) answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(noteWarmedSegment).not.toHaveBeenCalled();
  });

  it('asks for a start once, even when the warm-up and the click both have its answer', () => {
    const { asked } = heldFetch();
    const start = startOf();
    fetchStartFiles(start);
    fetchStartFiles(start);
    expect(asked).toEqual([start.playlistUrl, start.segmentUrl]);
  });
});
