import { describe, expect, it } from 'vitest';
import { isSavingData } from './connection';

describe('isSavingData (no warm-up, smaller buffer)', () => {
  it('is true with Save-Data, a cellular (metered) connection or 2G/3G', () => {
    expect(isSavingData({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isSavingData({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    expect(isSavingData({ effectiveType: '2g' })).toBe(true);
    expect(isSavingData({ effectiveType: 'slow-2g' })).toBe(true);
  });
  it('is false on an ordinary connection or without the API', () => {
    expect(isSavingData({ type: 'wifi', effectiveType: '4g', saveData: false })).toBe(false);
    expect(isSavingData(undefined)).toBe(false);
  });
});
