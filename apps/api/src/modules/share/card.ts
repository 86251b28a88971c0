import { responsiveImage } from '@dance/domain';

export const SITE_NAME = 'Dance Training';
export const SITE_DESCRIPTION =
  'Dance Training: on-demand lessons, exercises, across-the-floor videos and classes for dancers, parents and dance teachers.';

/** The default card's image, served by the member app (apps/member/public). */
export const DEFAULT_CARD_IMAGE = '/og-card.jpg';

export interface ShareCard {
  title: string;
  description: string;
  /** Absolute, or a path on the member host. */
  image: string | null;
  type: 'website' | 'video.other';
}

/** The titles of the static public pages (spec 1 §2). */
export const PAGE_TITLES: Record<string, string> = {
  '': SITE_NAME,
  home: SITE_NAME,
  login: 'Log in',
  signup: 'Sign up',
  library: 'Library',
  lessons: 'Lessons',
  exercises: 'Exercises',
  acrossthefloor: 'Across the floor',
  allvideos: 'All videos',
  'all-playlist': 'Playlists',
  'featured-playlist': 'Featured playlists',
  plans: 'Plans',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const absolute = (base: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The page a link-preview crawler gets (they run no JavaScript): the title, description and Open Graph image of
 * the shared page, and a link to it. Every value is escaped: titles are admin text.
 */
export function shareHtml(card: ShareCard, base: string, path: string): string {
  const url = `${base}${path}`;
  const title = card.title === SITE_NAME ? SITE_NAME : `${card.title} · ${SITE_NAME}`;
  const description = (card.description.trim() || SITE_DESCRIPTION).slice(0, 300);
  // The original, without the mark of its WebP variants (decision 0063): a crawler wants one plain URL.
  const image = absolute(base, responsiveImage(card.image ?? DEFAULT_CARD_IMAGE).src);
  const meta = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', card.type],
    ['property', 'og:title', card.title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', card.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ]
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value!)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<link rel="canonical" href="${escapeHtml(url)}">
${meta}
</head><body><h1>${escapeHtml(card.title)}</h1><p>${escapeHtml(description)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`;
}
