import { describe, expect, it } from 'vitest';
import type { Viewer } from '../policy';
import { playbackAccess } from './access';
import { checkChapters, formatClock, formatTimecode, parseTimecode } from './chapters';
import { normalizeContentType, playerPath, recommendationHeading } from './content-type';

const member = (overrides: Partial<NonNullable<Viewer>> = {}): Viewer => ({
  id: 'u1',
  role: 'user',
  userType: null,
  subscriptionId: null,
  ...overrides,
});

describe('playbackAccess', () => {
  it('asks guests to log in', () => {
    expect(playbackAccess(null, { isClass: false, isReleased: true }, false)).toBe('login');
    expect(playbackAccess(null, { isClass: true, isReleased: true }, false)).toBe('login');
  });
  it('lets admins play everything', () => {
    expect(playbackAccess(member({ role: 'admin' }), { isClass: true, isReleased: true }, false)).toBe(
      'full',
    );
    expect(playbackAccess(member({ role: 'admin' }), { isClass: false, isReleased: true }, false)).toBe(
      'full',
    );
  });
  it('sends members without an active plan to plans for library videos', () => {
    expect(playbackAccess(member(), { isClass: false, isReleased: true }, false)).toBe('plans');
    expect(playbackAccess(member(), { isClass: false, isReleased: true }, true)).toBe('full');
  });
  it('shows the upgrade view on classes without a user type or without an active plan', () => {
    expect(playbackAccess(member(), { isClass: true, isReleased: true }, true)).toBe('upgrade');
    expect(playbackAccess(member({ userType: 'vip' }), { isClass: true, isReleased: true }, false)).toBe(
      'upgrade',
    );
    for (const userType of ['vip', 'studio-owner', 'subuser'] as const)
      expect(playbackAccess(member({ userType }), { isClass: true, isReleased: true }, true)).toBe('full');
  });
  it('shows the upgrade view to a Standard member on classes: the plans sell them with Plus (0034)', () => {
    const standard = member({ userType: 'individual-user', subscriptionId: 'sub_1' });
    expect(playbackAccess(standard, { isClass: true, isReleased: true }, true)).toBe('upgrade');
    expect(playbackAccess(standard, { isClass: true, isReleased: false }, true)).toBe('upgrade');
    expect(playbackAccess(standard, { isClass: false, isReleased: true }, true)).toBe('full');
  });
  it('plays only the trailer of a class released later, for everyone but admins', () => {
    const later = { isClass: true, isReleased: false };
    for (const userType of ['vip', 'studio-owner', 'subuser'] as const)
      expect(playbackAccess(member({ userType }), later, true)).toBe('trailer');
    expect(playbackAccess(member(), later, true)).toBe('upgrade');
    expect(playbackAccess(member({ role: 'admin' }), later, false)).toBe('full');
  });
});

describe('chapters', () => {
  it('parses HH:MM:SS with minutes and seconds 0-59', () => {
    expect(parseTimecode('00:01:30')).toBe(90);
    expect(parseTimecode('1:00:00')).toBe(3600);
    expect(parseTimecode('00:60:00')).toBeNull();
    expect(parseTimecode('00:00:60')).toBeNull();
    expect(parseTimecode('1:30')).toBeNull();
    expect(parseTimecode('ab:cd:ef')).toBeNull();
  });
  it('formats times', () => {
    expect(formatTimecode(3725)).toBe('01:02:05');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
  it('drops untitled chapters and reports the spec messages', () => {
    const { chapters, errors } = checkChapters(
      [
        { title: 'Intro', timecode: '00:00:00' },
        { title: '', timecode: 'junk' },
        { title: 'Bad', timecode: '00:99:00' },
        { title: 'Again', timecode: '00:00:00' },
        { title: 'Late', timecode: '00:10:00' },
        { title: 'Middle', timecode: '00:01:00' },
      ],
      120,
    );
    expect(chapters.map((c) => c.title)).toEqual(['Intro', 'Middle']);
    expect(errors).toEqual({
      2: 'Invalid time. Use HH:MM:SS.',
      3: 'Each chapter must have a unique time.',
      4: 'Chapter time cannot exceed video duration.',
    });
  });
});

describe('content types', () => {
  it('accepts short codes and long names', () => {
    expect(normalizeContentType('CL')).toBe('CL');
    expect(normalizeContentType('classes')).toBe('CL');
    expect(normalizeContentType('featured')).toBe('FPL');
    expect(normalizeContentType('personal')).toBe('PPL');
    expect(normalizeContentType('studio')).toBe('SPL');
    expect(normalizeContentType('playview')).toBe('PV');
    expect(normalizeContentType(undefined)).toBe('PV');
    expect(normalizeContentType('nonsense')).toBe('PV');
  });
  it('names the recommendation heading by context', () => {
    expect(recommendationHeading('CL')).toBe('ALL CLASSES');
    expect(recommendationHeading('PV')).toBe('RECOMMENDED');
    expect(recommendationHeading('FPL')).toBe('NEXT UP');
  });
  it('builds player paths', () => {
    expect(playerPath('v1')).toBe('/PlayerPage?v=v1');
    expect(playerPath('v1', 'FPL', 'p1')).toBe('/PlayerPage?v=v1&type=FPL&playlistId=p1');
  });
});
