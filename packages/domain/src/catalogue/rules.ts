import { CARD_MAX_TAGS } from '../constants';
import type { TTag } from './contracts';

export const COMING_SOON_TAG = 'coming soon';
export const CLASSES_TAG = 'CLASSES';

/** Tags shown on a card: at most 3, sorted by priority (lower first). */
export function cardTags(tags: readonly TTag[]): TTag[] {
  return [...tags].sort((a, b) => a.priority - b.priority).slice(0, CARD_MAX_TAGS);
}

/** A tag named "coming soon" greys out and disables the card (spec 1 §3). */
export const isComingSoonTag = (tag: Pick<TTag, 'name'>) => tag.name.trim().toLowerCase() === COMING_SOON_TAG;

/** A tag containing "CLASS" turns the card into the class view (spec 1 §3). */
export const isClassTag = (tag: Pick<TTag, 'name'>) => tag.name.toUpperCase().includes('CLASS');
