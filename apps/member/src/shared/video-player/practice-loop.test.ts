import { describe, expect, it } from 'vitest';
import { EMPTY_LOOP, setLoopPoint, stepLoop } from './practice-loop';

describe('practice loop', () => {
  it('jumps back to A at B, counting runs, and stops after the last one', () => {
    let loop = setLoopPoint(setLoopPoint(EMPTY_LOOP, 'a', 10), 'b', 20);
    loop = { ...loop, repeats: 2, pauseSeconds: 2 };
    expect(stepLoop(loop, 15)).toEqual({ kind: 'none' });
    const first = stepLoop(loop, 20);
    expect(first).toMatchObject({ kind: 'restart', to: 10, pauseSeconds: 2 });
    if (first.kind !== 'restart') throw new Error('expected restart');
    expect(stepLoop(first.next, 20.1)).toEqual({ kind: 'finish', next: EMPTY_LOOP });
  });
  it('repeats forever with 0 and keeps A before B', () => {
    const loop = setLoopPoint(setLoopPoint(EMPTY_LOOP, 'a', 30), 'b', 5);
    expect(loop).toMatchObject({ a: 5, b: 30 });
    let state = loop;
    for (let i = 0; i < 50; i += 1) {
      const step = stepLoop(state, 30);
      expect(step.kind).toBe('restart');
      if (step.kind === 'restart') state = step.next;
    }
  });
});
