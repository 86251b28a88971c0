import type { TVideoCard } from './catalogue/contracts';

/**
 * Test data shared by the apps' and packages' tests (`@dance/domain/testing`); never imported by product code.
 */

/** A released library video's card, number `n` (its id and title); tests override what they check. */
export function videoCard(n: number, overrides: Partial<TVideoCard> = {}): TVideoCard {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'library',
    title: `Lesson ${n}`,
    shortDescription: '',
    instructor: { id: 'i1', name: 'Maya Laurent', imageUrl: null },
    categoryId: null,
    durationSeconds: 300,
    thumbnailUrl: null,
    releaseDate: '2026-01-01',
    isComingSoon: false,
    tags: [],
    levels: ['Beginner'],
    fileType: 'video',
    isSaved: false,
    ...overrides,
  };
}
