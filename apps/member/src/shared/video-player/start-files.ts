import type { TStream } from '@dance/domain';
import { noteWarmedSegment } from './hls-start';

/**
 * The start's playlist and first segment, as the playback answer names them (decision 0069), fetched at once
 * beside hls.js's master playlist instead of after it: hls.js's own requests for them then join these or find
 * them in the HTTP cache, two round trips fewer. The segment is noted as warmed, so hls.js does not take its
 * cache hit for bandwidth. Errors are left to hls.js, which asks again.
 */
export function fetchStartFiles(start: NonNullable<TStream['start']>, signal?: AbortSignal) {
  const read = (url: string) =>
    fetch(url, { signal, priority: 'high' }).then((response) =>
      response.ok ? response.arrayBuffer() : null,
    );
  void read(start.playlistUrl).catch(() => {});
  const startedAt = performance.now();
  void read(start.segmentUrl)
    .then((body) => {
      const seconds = (performance.now() - startedAt) / 1000;
      // hls.js names a segment by its absolute URL.
      const url = new URL(start.segmentUrl, window.location.href).href;
      if (body && seconds > 0) noteWarmedSegment(url, (body.byteLength * 8) / seconds);
    })
    .catch(() => {});
}
