import type { TSessionUser } from '../users/user';

/** An application's status (spec 2 §4); no row at all is the spec's "absent". */
export const TRC_ACCESS_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TrcAccessStatus = (typeof TRC_ACCESS_STATUSES)[number];

/**
 * Where a viewer stands with the TRC, the one answer the member app's guard and the API both use:
 * - signup: no session (or no email in it): 'Please sign up in the website', then /SignUp;
 * - apply: no application, or a rejected one: the request form (/trc/access);
 * - pending: the pending summary with edit and resubmit;
 * - plans: access granted (approved) but no active plan: the TRC is part of a subscription, /Plans;
 * - granted: every TRC page.
 */
export const TRC_ACCESS = ['signup', 'apply', 'pending', 'plans', 'granted'] as const;
export type TrcAccess = (typeof TRC_ACCESS)[number];

/** Why a granted viewer has access. */
export const TRC_GRANTS = ['admin', 'studio-plan', 'application'] as const;
export type TrcGrant = (typeof TRC_GRANTS)[number];

export type TrcViewer = Pick<TSessionUser, 'id' | 'role' | 'userType' | 'email'> | null;

/** What the server knows beyond the session: the application's status and the plan. */
export interface TrcStanding {
  /** The viewer's application status; null when they never applied. */
  status: TrcAccessStatus | null;
  /** An active subscription (in_trial, active, non_renewing); a sub-user's is their studio's. */
  hasActivePlan: boolean;
  /** The active plan is a studio plan (the owner's own, or the studio a sub-user belongs to). */
  hasStudioPlan: boolean;
}

/**
 * The TRC access rule (spec 2 §4, §6; spec 1 §9; decision 0026):
 * - admins always have access;
 * - studio-plan owners and their sub-users have access at once, without applying, while the studio plan is active;
 * - every other member needs an approved application AND an active plan (individual or VIP): approval without
 *   a plan sends to /Plans;
 * - absent or rejected applications need access, pending ones show the pending summary.
 */
export function trcAccessOf(
  viewer: TrcViewer,
  standing: TrcStanding,
): { access: TrcAccess; grant: TrcGrant | null } {
  if (!viewer?.email) return { access: 'signup', grant: null };
  if (viewer.role === 'admin') return { access: 'granted', grant: 'admin' };
  const inStudio = viewer.userType === 'studio-owner' || viewer.userType === 'subuser';
  if (inStudio && standing.hasActivePlan && standing.hasStudioPlan)
    return { access: 'granted', grant: 'studio-plan' };
  if (standing.status === 'approved')
    return standing.hasActivePlan
      ? { access: 'granted', grant: 'application' }
      : { access: 'plans', grant: null };
  if (standing.status === 'pending') return { access: 'pending', grant: null };
  return { access: 'apply', grant: null };
}

/** Every TRC action the API authorises (and the apps use to show or hide controls). */
export const TRC_ACTIONS = [
  /** Read one's own status and application. */
  'viewStatus',
  /** Send a new request (absent or rejected). */
  'requestAccess',
  /** Edit and resubmit a pending (or rejected) request. */
  'resubmit',
  /** Lists, search, categories, filters, detail pages. */
  'browse',
  /** Signed playback of a TRC video. */
  'playVideo',
  /** Signed URL of a PDF (viewer). */
  'readPdf',
  /** The download button, where the item allows it. */
  'downloadPdf',
  /** Like or dislike an item. */
  'react',
  /** Admin: list, search and filter applications. */
  'reviewApplications',
  /** Admin: approve or reject a pending application. */
  'decideApplication',
  /** Admin: add, edit, delete content; upload PDFs; see unreleased items. */
  'manageContent',
] as const;
export type TrcAction = (typeof TRC_ACTIONS)[number];

/** Per-call facts some actions need. */
export interface TrcActionContext {
  /** decideApplication: the application's current status (only pending ones are decided). */
  applicationStatus?: TrcAccessStatus | null;
  /** downloadPdf: the item allows downloads. */
  allowDownload?: boolean;
}

/** Whether the viewer may do the action (spec 2 §4, §6; spec 3 §4, §6; decision 0026). */
export function canTrc(
  action: TrcAction,
  viewer: TrcViewer,
  standing: TrcStanding,
  context: TrcActionContext = {},
): boolean {
  const isAdmin = viewer?.role === 'admin';
  const { access, grant } = trcAccessOf(viewer, standing);
  switch (action) {
    case 'viewStatus':
      return viewer !== null;
    case 'requestAccess':
      // A studio grant needs no application; approved and pending ones are not re-requested.
      return access === 'apply' && grant === null && !isAdmin;
    case 'resubmit':
      return (
        !isAdmin &&
        access !== 'signup' &&
        (standing.status === 'pending' || standing.status === 'rejected') &&
        access !== 'granted'
      );
    case 'browse':
    case 'playVideo':
    case 'readPdf':
    case 'react':
      return access === 'granted';
    case 'downloadPdf':
      return access === 'granted' && (isAdmin || context.allowDownload === true);
    case 'reviewApplications':
    case 'manageContent':
      return isAdmin;
    case 'decideApplication':
      return isAdmin && context.applicationStatus === 'pending';
  }
}
