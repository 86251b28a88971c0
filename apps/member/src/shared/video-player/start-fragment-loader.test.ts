import { describe, expect, it } from 'vitest';
import { START_CHUNK_BYTES, startFragmentLoaderOf } from './start-fragment-loader';

/** hls.js's FetchLoader as far as the start loader uses it: what each load was asked with. */
class FakeFetchLoader {
  static loads: { url: string; highWaterMark: number | undefined }[] = [];
  constructor(readonly hlsConfig: object) {}
  load(context: { url: string }, config: { highWaterMark?: number }) {
    FakeFetchLoader.loads.push({ url: context.url, highWaterMark: config.highWaterMark });
  }
}

function loaderOf() {
  FakeFetchLoader.loads = [];
  return startFragmentLoaderOf(FakeFetchLoader as never) as unknown as new (
    config: object,
  ) => { load: (context: object, config: object, callbacks: object) => void };
}

const segment = (url: string, sn: number | 'initSegment' = 0) => ({ url, frag: { sn } });
// hls.js asks with its progressive chunk (128 kB, the whole start segment), and Infinity for an init segment.
const asked = { highWaterMark: 131_072 };

describe("the stream's first segment, streamed in small chunks", () => {
  it('hands the first media segment of each stream over as it arrives, and every later one whole', () => {
    const Loader = loaderOf();
    const streamA = {};
    const streamB = {};
    new Loader(streamA).load(segment('a/init.mp4', 'initSegment'), { highWaterMark: Infinity }, {});
    new Loader(streamA).load(segment('a/seg_000.ts'), asked, {});
    new Loader(streamA).load(segment('a/seg_001.ts', 1), asked, {});
    new Loader(streamB).load(segment('b/seg_004.ts', 4), asked, {});
    new Loader(streamB).load(segment('b/seg_005.ts', 5), asked, {});

    expect(FakeFetchLoader.loads).toEqual([
      { url: 'a/init.mp4', highWaterMark: Infinity },
      { url: 'a/seg_000.ts', highWaterMark: START_CHUNK_BYTES },
      { url: 'a/seg_001.ts', highWaterMark: Infinity },
      // A start from a resume point: its first segment is not number 0.
      { url: 'b/seg_004.ts', highWaterMark: START_CHUNK_BYTES },
      { url: 'b/seg_005.ts', highWaterMark: Infinity },
    ]);
    expect(START_CHUNK_BYTES).toBeLessThan(asked.highWaterMark / 4);
  });
});
