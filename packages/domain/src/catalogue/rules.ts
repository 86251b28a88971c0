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

/**
 * Tags the system uses to drive cards ("coming soon", "CLASSES"): admins manage them, but members are not
 * offered them as filters (issue 22 item 8).
 */
export const isInternalTag = (tag: Pick<TTag, 'name'>) => {
  const name = tag.name.trim().toLowerCase();
  return name === COMING_SOON_TAG || name === CLASSES_TAG.toLowerCase();
};

/** The tags a member may filter by: the internal ones left out. */
export const memberFilterTags = <T extends Pick<TTag, 'name'>>(tags: readonly T[]): T[] =>
  tags.filter((tag) => !isInternalTag(tag));

/** A tag containing "CLASS" turns the card into the class view (spec 1 §3). */
export const isClassTag = (tag: Pick<TTag, 'name'>) => tag.name.toUpperCase().includes('CLASS');
