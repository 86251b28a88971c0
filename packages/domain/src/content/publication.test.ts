import { describe, expect, it } from 'vitest';
import { bannerPublication, popupPublication } from './publication';

describe('publication state (issue 22 item 12)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('tells banner drafts, scheduled and live apart on New York dates', () => {
    expect(
      bannerPublication({ isActive: false, showImmediately: true, releaseDate: '2026-01-01' }, now),
    ).toBe('draft');
    expect(
      bannerPublication({ isActive: true, showImmediately: false, releaseDate: '2026-11-26' }, now),
    ).toBe('scheduled');
    expect(
      bannerPublication({ isActive: true, showImmediately: false, releaseDate: '2026-11-25' }, now),
    ).toBe('live');
    // 12:00 AM New York on the 26th is 05:00 UTC: at 04:59 UTC it is still scheduled.
    const before = new Date('2026-11-26T04:59:00Z');
    expect(
      bannerPublication({ isActive: true, showImmediately: false, releaseDate: '2026-11-26' }, before),
    ).toBe('scheduled');
    expect(bannerPublication({ isActive: true, showImmediately: true, releaseDate: '2030-01-01' }, now)).toBe(
      'live',
    );
  });

  it('tells popups scheduled, live, ended and drafts apart', () => {
    const popup = { isActive: true, startAt: '2026-11-26T05:00:00.000Z', endAt: '2026-11-30T04:59:59.000Z' };
    expect(popupPublication(popup, now)).toBe('scheduled');
    expect(popupPublication(popup, new Date('2026-11-27T00:00:00Z'))).toBe('live');
    expect(popupPublication(popup, new Date('2026-12-01T00:00:00Z'))).toBe('ended');
    expect(popupPublication({ ...popup, isActive: false }, now)).toBe('draft');
  });
});
