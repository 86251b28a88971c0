import { describe, expect, it } from 'vitest';
import {
  isRichTextEmpty,
  trcRolesForUser,
  trcSearchError,
  ZTrcAccessRequest,
  ZTrcContentInput,
  ZTrcListQuery,
} from './contracts';
import { normalizeTrcLink } from './link';
import { TRC_MESSAGES } from './messages';

describe('normalizeTrcLink', () => {
  it.each([
    ['@dance.teacher', 'https://www.instagram.com/dance.teacher/'],
    ['dance_teacher', 'https://www.instagram.com/dance_teacher/'],
    ['example.com', 'https://example.com'],
    ['www.example.com/about', 'https://www.example.com/about'],
    ['http://studio.example.org', 'http://studio.example.org'],
    ['https://www.instagram.com/x/', 'https://www.instagram.com/x/'],
  ])('%s -> %s', (input, stored) => expect(normalizeTrcLink(input)).toBe(stored));

  it.each([
    '',
    ' ',
    '@',
    'not a link',
    '@this_handle_is_way_too_long_for_instagram',
    'javascript:alert(1)',
    'a b.com',
  ])('refuses %j', (input) => expect(normalizeTrcLink(input)).toBeNull());
});

describe('ZTrcAccessRequest', () => {
  it('stores the normalised link and needs a role', () => {
    const ok = ZTrcAccessRequest.parse({ link: '@teach', roles: ['instructor', 'instructor'] });
    expect(ok).toEqual({ link: 'https://www.instagram.com/teach/', roles: ['instructor'], gain: '' });
    const bad = ZTrcAccessRequest.safeParse({ link: 'no no', roles: [] });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain(TRC_MESSAGES.invalidLink);
    expect(messages).toContain(TRC_MESSAGES.roleRequired);
  });
});

describe('TRC search rule', () => {
  it('needs 3 characters of letters, digits and spaces', () => {
    expect(trcSearchError(' ab ')).toBe(TRC_MESSAGES.searchTooShort);
    expect(trcSearchError('tap;')).toBe(TRC_MESSAGES.searchInvalid);
    expect(trcSearchError('tap 101')).toBeNull();
    expect(ZTrcListQuery.safeParse({ search: 'ab' }).error?.issues[0]?.message).toBe(
      TRC_MESSAGES.searchTooShort,
    );
  });
});

describe('TRC content form', () => {
  const base = {
    title: 'Warm-ups',
    about: '<p>Hello</p>',
    categories: ['lesson-plans'],
    releaseDate: '2026-01-01',
  };
  it('counts empty rich text as empty', () => {
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<p>&nbsp; </p>')).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
    const r = ZTrcContentInput.safeParse({ ...base, about: '<p></p>', fileType: 'pdf' });
    expect(r.error?.issues.map((i) => i.message)).toContain(TRC_MESSAGES.aboutRequired);
  });
  it('needs the fields of the chosen type, and clears the other type’s', () => {
    const pdf = ZTrcContentInput.safeParse({ ...base, fileType: 'pdf' });
    expect(pdf.error?.issues.map((i) => i.message)).toEqual([
      TRC_MESSAGES.pdfRequired,
      TRC_MESSAGES.pagesPositive,
    ]);
    const video = ZTrcContentInput.safeParse({ ...base, fileType: 'video', durationSeconds: 0 });
    expect(video.error?.issues.map((i) => i.message)).toEqual([
      TRC_MESSAGES.videoRequired,
      TRC_MESSAGES.durationPositive,
    ]);
    const ok = ZTrcContentInput.parse({
      ...base,
      fileType: 'video',
      videoAssetId: '00000000-0000-4000-8000-000000000001',
      durationSeconds: 61.9,
      documentId: '00000000-0000-4000-8000-000000000002',
      pages: 3,
    });
    expect(ok).toMatchObject({ durationSeconds: 61, documentId: null, pages: null });
  });
  it('needs a title, a file type and a category', () => {
    const r = ZTrcContentInput.safeParse({
      about: '<p>x</p>',
      title: ' ',
      categories: [],
      releaseDate: '2026-01-01',
    });
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain(TRC_MESSAGES.titleRequired);
    expect(messages).toContain(TRC_MESSAGES.fileTypeRequired);
    expect(messages).toContain(TRC_MESSAGES.categoryRequired);
  });
});

describe('trcRolesForUser', () => {
  it('preselects from the user type', () => {
    expect(trcRolesForUser({ userType: 'studio-owner', signupRole: null })).toEqual(['studio-owner']);
    expect(trcRolesForUser({ userType: null, signupRole: 'dance-instructor' })).toEqual(['instructor']);
    expect(trcRolesForUser({ userType: 'individual-user', signupRole: 'dancer-parent' })).toEqual(['dancer']);
  });
});
