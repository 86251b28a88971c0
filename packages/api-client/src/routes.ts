import type { Endpoint } from '@dance/domain';

declare const contractType: unique symbol;

/**
 * An endpoint's method and path, typed by its contract. A call needs only these two at run time, so
 * hooks that load with the first page pass a Route instead of the contract object: the contract's zod
 * schemas (and zod itself) then stay out of the first page's JavaScript. `routes.test.ts` checks every
 * Route against its contract.
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  /** Never set: carries the contract's type to `client.call`. */
  readonly [contractType]?: E;
}

export function defineRoute<E extends Endpoint>(method: E['method'], path: string): Route<E> {
  return { method, path };
}

type AuthEndpoints = typeof import('@dance/domain').authEndpoints;
type CatalogueEndpoints = typeof import('@dance/domain').catalogueEndpoints;

/** The auth calls the shell makes on every page. */
export const authRoutes = {
  signUp: defineRoute<AuthEndpoints['signUp']>('POST', '/auth/signup'),
  studioSignUp: defineRoute<AuthEndpoints['studioSignUp']>('POST', '/auth/studio-signup'),
  login: defineRoute<AuthEndpoints['login']>('POST', '/auth/login'),
  session: defineRoute<AuthEndpoints['session']>('GET', '/auth/session'),
  logout: defineRoute<AuthEndpoints['logout']>('POST', '/auth/logout'),
  forgotPassword: defineRoute<AuthEndpoints['forgotPassword']>('POST', '/auth/password/forgot'),
  resetPassword: defineRoute<AuthEndpoints['resetPassword']>('POST', '/auth/password/reset'),
  setPassword: defineRoute<AuthEndpoints['setPassword']>('POST', '/auth/password/set'),
  changePassword: defineRoute<AuthEndpoints['changePassword']>('PUT', '/account/password'),
} as const;

/** The catalogue calls (home is on the first page). */
export const catalogueRoutes = {
  home: defineRoute<CatalogueEndpoints['home']>('GET', '/home'),
  categories: defineRoute<CatalogueEndpoints['categories']>('GET', '/categories'),
  tags: defineRoute<CatalogueEndpoints['tags']>('GET', '/tags'),
  instructors: defineRoute<CatalogueEndpoints['instructors']>('GET', '/instructors'),
  products: defineRoute<CatalogueEndpoints['products']>('GET', '/products'),
  listVideos: defineRoute<CatalogueEndpoints['listVideos']>('GET', '/videos'),
  searchVideos: defineRoute<CatalogueEndpoints['searchVideos']>('GET', '/videos/search'),
  listSaved: defineRoute<CatalogueEndpoints['listSaved']>('GET', '/me/saved-videos'),
  savedIds: defineRoute<CatalogueEndpoints['savedIds']>('GET', '/me/saved-video-ids'),
  saveVideo: defineRoute<CatalogueEndpoints['saveVideo']>('PUT', '/me/saved-videos/:videoId'),
  unsaveVideo: defineRoute<CatalogueEndpoints['unsaveVideo']>('DELETE', '/me/saved-videos/:videoId'),
} as const;
