import Hls from 'hls.js';
import { describe, expect, it } from 'vitest';

// loadOnAttach (hls-start.ts) ticks hls.js's stream controller once an element is attached. That member is
// protected in hls.js's types: this fails when an hls.js upgrade renames or drops it, instead of the first
// segment silently waiting for the next 100 ms tick again.
describe("hls.js's stream controller", () => {
  it('has the tick that asks for the next segment', () => {
    const hls = new Hls();
    try {
      const controller = (hls as unknown as { streamController?: { tick?: unknown } }).streamController;
      expect(typeof controller?.tick).toBe('function');
    } finally {
      hls.destroy();
    }
  });
});
