import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  describeView,
  fitScale,
  nextViewStart,
  PDF_PAGE_GAP,
  pagesInView,
  previousViewStart,
  viewStart,
  zoomIn,
  zoomOut,
} from './view-math';

describe('PDF zoom (0.5 to 3 in steps of 0.1)', () => {
  it('steps by 0.1 without floating-point drift', () => {
    let zoom = 1;
    for (let i = 0; i < 7; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(1.7);
    expect(zoomOut(1.7)).toBe(1.6);
  });

  it('stops at both bounds', () => {
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.5)).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(1.26)).toBe(1.3);
  });
});

describe('PDF views', () => {
  it('pairs pages 1-2, 3-4 on desktop and shows one page otherwise', () => {
    expect(viewStart(4, 2)).toBe(3);
    expect(viewStart(3, 2)).toBe(3);
    expect(viewStart(1, 2)).toBe(1);
    expect(viewStart(4, 1)).toBe(4);
    expect(pagesInView(3, 2, 12)).toEqual([3, 4]);
    expect(pagesInView(11, 2, 11)).toEqual([11]);
    expect(pagesInView(5, 1, 12)).toEqual([5]);
  });

  it('moves by a whole view and stays within the document', () => {
    expect(nextViewStart(1, 2, 5)).toBe(3);
    expect(nextViewStart(5, 2, 5)).toBe(5);
    expect(nextViewStart(4, 1, 5)).toBe(5);
    expect(nextViewStart(5, 1, 5)).toBe(5);
    expect(previousViewStart(3, 2)).toBe(1);
    expect(previousViewStart(1, 2)).toBe(1);
  });

  it('describes the view', () => {
    expect(describeView([3, 4], 12)).toBe('Pages 3-4 of 12');
    expect(describeView([7], 12)).toBe('Page 7 of 12');
  });

  it('fits the pages and the 20 px gap into the width', () => {
    expect(PDF_PAGE_GAP).toBe(20);
    const a4 = { width: 595, height: 842 };
    expect(fitScale(1210, 2000, [a4, a4])).toBeCloseTo(1);
    expect(fitScale(595, 2000, [a4])).toBe(1);
    // A short window: the height decides, so the whole spread stays visible.
    expect(fitScale(1210, 421, [a4, a4])).toBeCloseTo(0.5);
    expect(fitScale(0, 0, [a4])).toBe(1);
  });
});
