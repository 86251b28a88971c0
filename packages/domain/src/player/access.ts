import { policy, type Viewer } from '../policy';

export type PlaybackAccess =
  /** Not logged in: 'Please log in to view the content.'; playing sends to /SignUp. */
  | 'login'
  /** No active subscription (in_trial, active or non_renewing): the player sends to /plans. */
  | 'plans'
  /** A class video for someone without a user type: trailer, title, instructor, tags, 'Upgrade My Account'. */
  | 'upgrade'
  /** A class released later, for a viewer who may play it once released: its trailer only. */
  | 'trailer'
  | 'full';

/**
 * Who may play what (spec 1 §4, spec 2 §2, §6), the one rule the API enforces when it signs playback URLs
 * and the player mirrors:
 * - admins play everything;
 * - class videos play for Plus members, studio owners and sub-users whose plan is active, once released
 *   (before: the trailer only); anyone else, Standard members included, gets the upgrade view (decision
 *   0034: the plans sell classes as a Plus feature);
 * - other videos need an active plan, else /plans.
 */
export function playbackAccess(
  viewer: Viewer,
  video: { isClass: boolean; isReleased: boolean },
  hasActivePlan: boolean,
): PlaybackAccess {
  if (!viewer) return 'login';
  if (viewer.role === 'admin') return 'full';
  if (video.isClass) {
    if (!policy.canPlayClasses(viewer) || !hasActivePlan) return 'upgrade';
    return video.isReleased ? 'full' : 'trailer';
  }
  return hasActivePlan ? 'full' : 'plans';
}
