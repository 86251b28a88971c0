import type { FetchLoader, HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';

/**
 * Bytes of a stream's first segment handed to the transmuxer at a time. At the desktop profile's 10 Mbit/s that
 * is 13 ms of transfer; the start rendition's first picture is in the first few chunks.
 */
export const START_CHUNK_BYTES = 16 * 1024;

/**
 * hls.js's fragment loader with a stream's first media segment streamed to the transmuxer as it arrives, so the
 * first frame is decoded while the rest of the segment is on its way (decision 0078). hls.js's own progressive
 * chunk is 128 kB, not configurable: the whole start segment. Every later segment, and an init segment, is
 * loaded whole, as without progressive mode.
 */
export function startFragmentLoaderOf(Base: typeof FetchLoader): NonNullable<HlsConfig['fLoader']> {
  /** The streams (one hls.js configuration each) whose first media segment was asked for. */
  const started = new WeakSet<HlsConfig>();
  return class StartFragmentLoader extends Base {
    private readonly hlsConfig: HlsConfig;
    constructor(config: HlsConfig) {
      super(config);
      this.hlsConfig = config;
    }
    override load(
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ) {
      const sn = (context as { frag?: { sn: number | 'initSegment' } }).frag?.sn;
      const isMedia = sn !== undefined && sn !== 'initSegment';
      const isFirst = isMedia && !started.has(this.hlsConfig);
      if (isMedia) started.add(this.hlsConfig);
      const highWaterMark = isFirst
        ? START_CHUNK_BYTES
        : isMedia
          ? Number.POSITIVE_INFINITY
          : config.highWaterMark;
      super.load(context, { ...config, highWaterMark }, callbacks);
    }
  } as unknown as NonNullable<HlsConfig['fLoader']>;
}
