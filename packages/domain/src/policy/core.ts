import type { TSessionUser } from '../users/user';

/**
 * The permission policy of spec 1 §6 as pure functions. The apps use them to show or hide controls, the API uses
 * the same functions to allow or refuse the action. `null` is a guest. This module holds what every page asks
 * (the shell's links, the route gates); the playlist rules and the sign-up conversions are modules of their own,
 * so the member app's first page does not carry them.
 */
export type Viewer = Pick<TSessionUser, 'id' | 'role' | 'userType' | 'subscriptionId'> | null;

export const isLoggedIn = (v: Viewer): v is NonNullable<Viewer> => v !== null;
export const isAdmin = (v: Viewer): boolean => v?.role === 'admin';

/** Where a route sends a viewer who may not open it, or null when they may. */
export type Gate = null | { redirectTo: string; reason: 'login-required' | 'signup-required' | 'role' };

export const policy = {
  /** The whole admin console (spec 3 §4). */
  canUseAdminConsole: (v: Viewer) => isAdmin(v),
  /** UPGRADE shows for users who have a subscription id, are not admin and have no userType. */
  canSeeUpgradeLink: (v: Viewer) =>
    isLoggedIn(v) && !isAdmin(v) && v.subscriptionId !== null && v.userType === null,
  /** Admins do not see PLANS; everyone else does (guests go to /plans too). */
  canSeePlans: (v: Viewer) => !isAdmin(v),
  /** Saved videos, personal playlists, reactions and the account need a session. */
  canUseMemberArea: (v: Viewer) => isLoggedIn(v),
  /** CLASSES: users with an empty userType are locked out; admins may open them. */
  canOpenClasses: (v: Viewer) => isAdmin(v) || (isLoggedIn(v) && v.userType !== null),
  /**
   * Playing a whole class follows the plans (decision 0034): classes are a Plus feature, also part of the
   * studio plans, so admins, Plus (vip), studio owners and their sub-users may play them; a Standard
   * member (individual-user) sees the trailer and "Upgrade My Account". The plan must also be active.
   */
  canPlayClasses: (v: Viewer) =>
    isAdmin(v) || v?.userType === 'vip' || v?.userType === 'studio-owner' || v?.userType === 'subuser',
  /** Studio playlists are for studio owners and their sub-users. */
  canUseStudioPlaylists: (v: Viewer) => v?.userType === 'studio-owner' || v?.userType === 'subuser',
  /** Studio seats belong to the studio owner alone. */
  canManageStudioSeats: (v: Viewer) => v?.userType === 'studio-owner',
  /** Changing one's own password needs a session. */
  canChangePassword: (v: Viewer) => isLoggedIn(v),
} as const;

export type PolicyName = keyof typeof policy;

/** Route gates of spec 1 §2: where a viewer without access is sent. */
export const routeGates = {
  saved: (v: Viewer): Gate => (isLoggedIn(v) ? null : { redirectTo: '/SignUp', reason: 'signup-required' }),
  classes: (v: Viewer): Gate => (isLoggedIn(v) ? null : { redirectTo: '/SignUp', reason: 'signup-required' }),
  account: (v: Viewer): Gate => (isLoggedIn(v) ? null : { redirectTo: '/login', reason: 'login-required' }),
  personalPlaylists: (v: Viewer): Gate =>
    isLoggedIn(v) ? null : { redirectTo: '/', reason: 'login-required' },
  studioPlaylists: (v: Viewer): Gate =>
    !isLoggedIn(v)
      ? { redirectTo: '/login', reason: 'login-required' }
      : policy.canUseStudioPlaylists(v)
        ? null
        : { redirectTo: '/', reason: 'role' },
} as const;
