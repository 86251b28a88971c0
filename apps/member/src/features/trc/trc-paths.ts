import { TRC_CATEGORIES, type TrcCategoryId } from '@dance/domain';

/** The TRC's own routes (spec 2 §2): /trc/{category} lists and /trc/{category}/{id} content pages. */
export const TRC_HOME = '/trc';
export const TRC_VIEW_ALL = '/trc/view-all';
export const TRC_RESULT = '/trc/trc-result';

export const categoryPath = (category: TrcCategoryId) => `/trc/${category}`;
export const contentPath = (category: TrcCategoryId, id: string) =>
  `/trc/${category}/${encodeURIComponent(id)}`;
export const tagPath = (tagId: string) => `${TRC_VIEW_ALL}?tag=${encodeURIComponent(tagId)}`;
export const searchPath = (text: string) => `${TRC_RESULT}?search_query=${encodeURIComponent(text)}`;

/** The header's links: LESSON PLANS, VIDEOS, RESOURCES and VIEW ALL. */
export const TRC_NAV = [
  ...TRC_CATEGORIES.map((c) => ({ label: c.navLabel, to: categoryPath(c.id) })),
  { label: 'VIEW ALL', to: TRC_VIEW_ALL },
];

/** The category a /trc/{segment} path names, if any. */
export function categoryOfSegment(segment: string | undefined): TrcCategoryId | null {
  const match = TRC_CATEGORIES.find((c) => c.id === segment?.toLowerCase());
  return match ? match.id : null;
}
