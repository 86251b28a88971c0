import { adminOverviewEndpoints, adminReactionEndpoints } from './admin/insights';
import { adminInstructorEndpoints } from './admin/instructors';
import { releaseAuditEndpoints } from './admin/release-audit';
import { adminCategoryEndpoints, adminTagEndpoints } from './admin/taxonomy';
import { adminUploadEndpoints } from './admin/upload';
import { adminUserEndpoints } from './admin/users';
import { adminVideoEndpoints } from './admin/videos';
import { authEndpoints } from './auth/contracts';
import { accountEndpoints } from './billing/account-contracts';
import { billingEndpoints } from './billing/contracts';
import { studioSeatEndpoints } from './billing/studio-contracts';
import { catalogueEndpoints } from './catalogue/contracts';
import { commentEndpoints } from './community/contracts';
import { addVideoEndpoints } from './content/add-video';
import { bannerEndpoints } from './content/banners';
import { popupEndpoints } from './content/popups';
import { productEndpoints } from './content/products';
import { adminSitemapEndpoints, sitemapEndpoints } from './content/sitemap';
import { devEndpoints } from './dev/contracts';
import type { Endpoint } from './http/endpoint';
import { liveEndpoints } from './live/contracts';
import { adminNotificationEndpoints, notificationEndpoints } from './notifications/contracts';
import { playbackEndpoints } from './player/playback';
import { progressEndpoints } from './player/progress';
import { reactionEndpoints } from './player/reactions';
import { recommendationEndpoints } from './player/recommendations';
import { playlistEndpoints } from './playlists/contracts';
import { practiceEndpoints, studioAssignmentEndpoints } from './practice/contracts';
import { trcEndpoints } from './trc/contracts';

/**
 * Every endpoint group under the name its operations carry: `<group>.<key>` is an endpoint's OpenAPI
 * operationId (`banners.list`), the name client generators turn into a method. A new group is added here.
 */
export const ENDPOINT_GROUPS = {
  auth: authEndpoints,
  account: accountEndpoints,
  billing: billingEndpoints,
  studioSeats: studioSeatEndpoints,
  studioAssignments: studioAssignmentEndpoints,
  practice: practiceEndpoints,
  catalogue: catalogueEndpoints,
  playlists: playlistEndpoints,
  playback: playbackEndpoints,
  progress: progressEndpoints,
  reactions: reactionEndpoints,
  comments: commentEndpoints,
  recommendations: recommendationEndpoints,
  banners: bannerEndpoints,
  popups: popupEndpoints,
  products: productEndpoints,
  addVideos: addVideoEndpoints,
  adminVideos: adminVideoEndpoints,
  adminCategories: adminCategoryEndpoints,
  adminTags: adminTagEndpoints,
  adminInstructors: adminInstructorEndpoints,
  adminUsers: adminUserEndpoints,
  adminUpload: adminUploadEndpoints,
  adminReactions: adminReactionEndpoints,
  adminOverview: adminOverviewEndpoints,
  adminSitemap: adminSitemapEndpoints,
  sitemap: sitemapEndpoints,
  live: liveEndpoints,
  releaseAudit: releaseAuditEndpoints,
  trc: trcEndpoints,
  notifications: notificationEndpoints,
  adminNotifications: adminNotificationEndpoints,
  dev: devEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

let operationIds: Map<Endpoint, string> | undefined;

/** The operationId of a declared endpoint (`<group>.<key>`); undefined for a contract no group holds. */
export function operationIdOf(endpoint: Endpoint): string | undefined {
  if (!operationIds) {
    operationIds = new Map();
    for (const [group, endpoints] of Object.entries(ENDPOINT_GROUPS))
      for (const [key, named] of Object.entries(endpoints)) operationIds.set(named, `${group}.${key}`);
  }
  return operationIds.get(endpoint);
}
