/** Player content types (spec 2 §2): short codes, and the long names the route also accepts. */
export const CONTENT_TYPES = ['PV', 'SPL', 'PPL', 'FPL', 'CL', 'TRC'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

const ALIASES: Record<string, ContentType> = {
  pv: 'PV',
  playview: 'PV',
  default: 'PV',
  spl: 'SPL',
  studio: 'SPL',
  ppl: 'PPL',
  personal: 'PPL',
  fpl: 'FPL',
  featured: 'FPL',
  cl: 'CL',
  class: 'CL',
  classes: 'CL',
  trc: 'TRC',
};

/** Any spelling of a content type to its short code; unknown or missing is the default view (PV). */
export function normalizeContentType(raw: string | null | undefined): ContentType {
  return ALIASES[(raw ?? '').trim().toLowerCase()] ?? 'PV';
}

export const RECOMMENDATION_HEADINGS = ['ALL CLASSES', 'RECOMMENDED', 'NEXT UP'] as const;
export type RecommendationHeading = (typeof RECOMMENDATION_HEADINGS)[number];

/** ALL CLASSES for classes, RECOMMENDED for the default view, NEXT UP otherwise (spec 2 §4). */
export function recommendationHeading(type: ContentType): RecommendationHeading {
  if (type === 'CL') return 'ALL CLASSES';
  if (type === 'PV') return 'RECOMMENDED';
  return 'NEXT UP';
}

/** The legacy playlist views and the content type their redirect carries (spec 2 §2). */
export const LEGACY_PLAYER_ROUTES = {
  'featured-playlist-view': 'FPL',
  'personal-playlist-view': 'PPL',
  'studio-playlist-view': 'SPL',
} as const satisfies Record<string, ContentType>;

/** The player URL for a video in a context. */
export function playerPath(videoId: string, type: ContentType = 'PV', playlistId?: string | null): string {
  let query = `v=${encodeURIComponent(videoId)}`;
  if (type !== 'PV') query += `&type=${type}`;
  if (playlistId) query += `&playlistId=${encodeURIComponent(playlistId)}`;
  return `/PlayerPage?${query}`;
}

/** Player constants of spec 2 §9 and the practice tools. */
export const PLAYER_LIMITS = {
  maxResolution: 2160,
  recommendationCacheMs: 5_000,
  recommendationRepeatSkipMs: 9_000,
  recommendationsMaxDesktop: 5,
  recommendationScrollPx: 300,
  recommendationCardPx: 352,
  recommendationCardMobilePx: 272,
  productTilePx: 200,
  productGapPx: 16,
  progressSaveIntervalMs: 10_000,
  /** Past this share of the video it counts as watched and resumes from the start. */
  completedRatio: 0.95,
  speeds: [0.25, 0.5, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2],
  uploadPollMs: 4_000,
} as const;
