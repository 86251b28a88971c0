import { countAt, sectionAt, type TCountGrid } from '@dance/domain';
import { describe, expect, it } from 'vitest';
import { detectCountGrid } from './detect';
import { type ClipPart, type GeneratedClip, generateClip } from './test-clips';

/** Distance from `time` to the nearest beat of the grid. */
function phaseError(grid: TCountGrid, time: number) {
  const section = sectionAt(grid, time);
  const beat = 60 / section.bpm;
  const offset = (time - section.downbeatSeconds) / beat;
  return Math.abs(offset - Math.round(offset)) * beat;
}

/** Checks the accuracy: BPM within 1 and every beat within 40 ms, the "1" on a downbeat. */
function expectAccurate(clip: GeneratedClip, parts: ClipPart[], grid: TCountGrid) {
  expect(grid.noCounts).toBe(false);
  expect(grid.sections.map((s) => s.bpm)).toHaveLength(parts.length);
  parts.forEach((part, i) => {
    expect(Math.abs(grid.sections[i]!.bpm - part.bpm)).toBeLessThan(1);
  });
  // Beats around a tempo change may belong to either grid; the rest must sit on the grid.
  const changes = clip.beats.filter((b, i) => i > 0 && b.part !== clip.beats[i - 1]!.part).map((b) => b.time);
  const settled = clip.beats.filter((b) => changes.every((c) => Math.abs(b.time - c) > 1.5));
  const worst = Math.max(...settled.map((b) => phaseError(grid, b.time)));
  expect(worst).toBeLessThan(0.04);
  for (const beat of settled.filter((b) => b.isDownbeat))
    expect([1, 5]).toContain(countAt(grid, beat.time + 0.01).count);
}

describe('count grid detection (generated clips of known tempo)', () => {
  for (const kind of ['clicks', 'drums'] as const)
    for (const bpm of [80, 96, 120, 128, 140])
      it(`${kind} at ${bpm} BPM`, () => {
        const parts = [{ bpm, bars: Math.ceil((bpm / 60 / 4) * 14) }];
        const clip = generateClip(kind, parts, { seed: bpm });
        expectAccurate(clip, parts, detectCountGrid(clip.samples));
      });

  const changes: ['clicks' | 'drums', ClipPart[]][] = [
    [
      'clicks',
      [
        { bpm: 120, bars: 6 },
        { bpm: 96, bars: 5 },
      ],
    ],
    [
      'drums',
      [
        { bpm: 128, bars: 6 },
        { bpm: 96, bars: 5 },
      ],
    ],
    [
      'drums',
      [
        { bpm: 80, bars: 4 },
        { bpm: 140, bars: 7 },
      ],
    ],
    [
      'clicks',
      [
        { bpm: 140, bars: 7 },
        { bpm: 80, bars: 4 },
      ],
    ],
  ];
  for (const [kind, parts] of changes)
    it(`${kind} changing from ${parts[0]!.bpm} to ${parts[1]!.bpm} BPM`, () => {
      const clip = generateClip(kind, parts, { seed: parts[0]!.bpm });
      const grid = detectCountGrid(clip.samples);
      expectAccurate(clip, parts, grid);
      const change = clip.beats.find((b) => b.part === 1)!.time;
      expect(Math.abs(grid.sections[1]!.fromSeconds - change)).toBeLessThan(
        60 / Math.min(...parts.map((p) => p.bpm)),
      );
    });

  it('marks a clip without a beat "no counts"', () => {
    const silence = new Float32Array(22_050 * 8).map((_, i) => Math.sin(i / 7) * 0.2);
    expect(detectCountGrid(silence)).toEqual({ noCounts: true, sections: [], source: 'detected' });
  });
});
