/** Business constants and limits of spec 1 §9, spec 2 §9 and spec 3 §9. */
export const TOAST_DURATION_MS = 3000;
export const SEARCH_MIN_CHARS = 3;
export const LIBRARY_PAGE_SIZE = 15;
export const SEARCH_PAGE_SIZE = 24;
export const ADMIN_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const HOME_RECENT_COUNT = 6;
/** The rows of GET /home that the home page places itself (spec 1 §2); every other row is a category's. */
export const HOME_GROUPS = {
  continue: 'Continue Watching',
  recent: 'Recent Releases',
  featured: 'Featured',
  saved: 'Saved',
} as const;
export const CARD_MAX_TAGS = 3;

export const SORT_OPTIONS = [
  'latest',
  'oldest',
  'title_asc',
  'title_desc',
  'long_duration',
  'short_duration',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

/** Duration buckets in seconds; the value is what the filter sends. */
export const DURATION_BUCKETS = [
  { value: 5, label: 'Under 5 min', min: 0, max: 300 },
  { value: 10, label: '5-10 min', min: 300, max: 600 },
  { value: 15, label: '10-15 min', min: 600, max: 900 },
  { value: 16, label: 'Over 15 min', min: 900, max: null },
] as const;

/** "Login cookie expiry is 90,000,000" (unit not shown): read as milliseconds, i.e. 25 hours. See docs/decisions/0003. */
export const SESSION_TTL_MS = 90_000_000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SUBUSER_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/**
 * Login lockout (decision 0018): the 6th failure in a row for one (address, account) pair answers 429 for
 * LOGIN_LOCKOUT_MS; one address is locked after 20 failures (any accounts, a success does not clear it),
 * one account after 50 failures from any addresses within an hour (distributed guessing).
 */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCKOUT_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS_PER_ADDRESS = 20;
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 50;
export const ACCOUNT_LOCKOUT_WINDOW_MS = 60 * 60 * 1000;

export const BREAKPOINTS = { sidebar: 991, desktop: 1024, tablet: 768, plansMobile: 849 } as const;

export const TIMERS = {
  studioSignUpBannerMs: 30_000,
  planButtonDelayMs: 1_500,
  studioSeatsPollMs: 3_000,
  plansPollMs: 5_000,
  seatAlertClearMs: 20_000,
  longPressPreviewMs: 600,
  searchTagDebounceMs: 350,
} as const;

export const RELEASE_TIME_ZONE = 'America/New_York';

export const LINKS = {
  helpAndSupport: 'https://support.dancetraining.example/hc',
  shop: 'https://shop.dancetraining.example',
  terms: 'https://dancetraining.example/terms',
  privacy: 'https://dancetraining.example/privacy',
  appStore: 'https://apps.apple.com/app/dance-training',
  googlePlay: 'https://play.google.com/store/apps/details?id=example.dancetraining',
  instagram: 'https://www.instagram.com/dancetraining',
  facebook: 'https://www.facebook.com/dancetraining',
  youtube: 'https://www.youtube.com/@dancetraining',
  tiktok: 'https://www.tiktok.com/@dancetraining',
} as const;
