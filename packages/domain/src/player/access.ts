import type { Viewer } from '../policy';

export type PlaybackAccess =
  /** Not logged in: 'Please log in to view the content.'; playing sends to /SignUp. */
  | 'login'
  /** No active subscription (in_trial, active or non_renewing): the player sends to /plans. */
  | 'plans'
  /** A class video for someone without a user type: trailer, title, instructor, tags, 'Upgrade My Account'. */
  | 'upgrade'
  | 'full';

/**
 * Who may play what (spec 1 §4, spec 2 §2, §6), the one rule the API enforces when it signs playback URLs
 * and the player mirrors:
 * - admins play everything;
 * - class videos play for users with a user type whose plan is active; anyone else gets the upgrade view;
 * - other videos need an active plan, else /plans.
 */
export function playbackAccess(
  viewer: Viewer,
  video: { isClass: boolean },
  hasActivePlan: boolean,
): PlaybackAccess {
  if (!viewer) return 'login';
  if (viewer.role === 'admin') return 'full';
  if (video.isClass) return viewer.userType !== null && hasActivePlan ? 'full' : 'upgrade';
  return hasActivePlan ? 'full' : 'plans';
}
