import type { TCountGrid } from '@dance/domain';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCountDisplay } from './use-count-display';

const grid: TCountGrid = {
  noCounts: false,
  source: 'detected',
  sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 0 }],
};

describe('useCountDisplay', () => {
  it('writes the count of each frame into the element, with "&" on half counts when asked', () => {
    const element = document.createElement('div');
    const { result, rerender } = renderHook(({ showAnd }) => useCountDisplay(grid, showAnd), {
      initialProps: { showAnd: false },
    });
    result.current.ref.current = element;
    result.current.onFrame(0);
    expect(element.textContent).toBe('1');
    result.current.onFrame(1.74);
    expect(element.textContent).toBe('4');
    result.current.onFrame(3.99);
    expect(element.textContent).toBe('8');
    rerender({ showAnd: true });
    result.current.ref.current = element;
    result.current.onFrame(1.8);
    expect(element.textContent).toBe('&');
    result.current.onFrame(2.01);
    expect(element.textContent).toBe('5');
  });

  it('leaves the element alone without counts', () => {
    const element = document.createElement('div');
    const { result } = renderHook(() => useCountDisplay({ ...grid, noCounts: true }, false));
    result.current.ref.current = element;
    result.current.onFrame(1);
    expect(element.textContent).toBe('');
  });
});
