import { isClassTag, isComingSoonTag, type TVideoCard } from '@dance/domain';

/** A tag containing "CLASS" turns the card into the class view (spec 1 §3). */
export function isClassCard(video: Pick<TVideoCard, 'tags'>): boolean {
  return video.tags.some(isClassTag);
}

/** Greyed out and unclickable: announced ahead of release, or tagged "coming soon" (spec 1 §3). */
export function isComingSoonCard(video: Pick<TVideoCard, 'isComingSoon' | 'tags'>): boolean {
  return video.isComingSoon || video.tags.some(isComingSoonTag);
}

/** The player route of spec 2: PV for a library video, CL for a class video. */
export function buildPlayerHref(video: Pick<TVideoCard, 'id' | 'kind' | 'tags'>): string {
  const type = video.kind === 'class' || isClassCard(video) ? 'CL' : 'PV';
  return `/PlayerPage?v=${encodeURIComponent(video.id)}&type=${type}`;
}
