import type { TSessionUser } from '../users/user';

/**
 * The permission policy of spec 1 §6 as pure functions. The apps use them to show or hide controls,
 * the API uses the same functions to allow or refuse the action. `null` is a guest.
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

export type SignUpConflict =
  | { kind: 'none' }
  | { kind: 'email-taken' }
  | { kind: 'convert-individual' }
  | { kind: 'convert-studio-owner' }
  | { kind: 'admin-not-convertible' }
  | { kind: 'subuser-exists' };

/**
 * The conversion rules of spec 1 §4: what happens when someone signs up with an email that already has
 * an account. `target` is the sign-up form used.
 */
export function signUpConflict(
  existing: Pick<TSessionUser, 'role' | 'userType'> | null,
  target: 'individual' | 'studio-owner',
): SignUpConflict {
  if (!existing) return { kind: 'none' };
  if (existing.userType === 'subuser') return { kind: 'subuser-exists' };
  if (target === 'studio-owner') {
    if (existing.role === 'admin') return { kind: 'admin-not-convertible' };
    if (existing.userType === 'studio-owner') return { kind: 'email-taken' };
    return { kind: 'convert-individual' };
  }
  if (existing.role === 'admin') return { kind: 'email-taken' };
  if (existing.userType === 'studio-owner') return { kind: 'convert-studio-owner' };
  return { kind: 'email-taken' };
}

/** A viewer for playlist rules: the studio a sub-user belongs to matters. */
export type PlaylistViewer = (NonNullable<Viewer> & { studioOwnerId: string | null }) | null;
/** What the playlist rules need to know about a playlist. */
export interface PlaylistRef {
  type: 'FPL' | 'PPL' | 'SPL';
  ownerUserId: string | null;
  studioOwnerId: string | null;
}

/** What one member-area edit of a playlist changes. */
export interface PlaylistChange {
  /** Name or description. */
  details: boolean;
  addsVideos: boolean;
  removesVideos: boolean;
}

/** The studio a viewer belongs to: an owner's own id, a sub-user's owner; null otherwise. */
export function studioOf(v: PlaylistViewer): string | null {
  if (v?.userType === 'studio-owner') return v.id;
  if (v?.userType === 'subuser') return v.studioOwnerId;
  return null;
}

const isPlaylistOwner = (v: PlaylistViewer, p: PlaylistRef) =>
  p.type === 'PPL' && v !== null && p.ownerUserId === v.id;
const isInStudio = (v: PlaylistViewer, p: PlaylistRef) =>
  p.type === 'SPL' &&
  policy.canUseStudioPlaylists(v) &&
  studioOf(v) !== null &&
  studioOf(v) === p.studioOwnerId;
const isStudioOwnerOf = (v: PlaylistViewer, p: PlaylistRef) =>
  isInStudio(v, p) && v?.userType === 'studio-owner';
/** Changes that only the playlist's owner makes: featured by admins, personal by its member, studio by the owner. */
const canCurate = (v: PlaylistViewer, p: PlaylistRef) =>
  p.type === 'FPL' ? isAdmin(v) : p.type === 'PPL' ? isPlaylistOwner(v, p) : isStudioOwnerOf(v, p);
/** Adding videos: the curator, and any member of the studio for studio playlists. */
const canAddVideos = (v: PlaylistViewer, p: PlaylistRef) => canCurate(v, p) || isInStudio(v, p);

/**
 * Playlist rules of spec 1 §4-§6 and spec 3 §6. Anything a viewer may not see is answered 404 by the API, so
 * ids cannot be probed; `canView` decides that.
 */
export const playlistPolicy = {
  /** Featured: anyone; personal: its member; studio: the studio's owner and sub-users. */
  canView: (v: PlaylistViewer, p: PlaylistRef) =>
    p.type === 'FPL' || isPlaylistOwner(v, p) || isInStudio(v, p),
  /** Featured: admins; personal: any member; studio: owners and sub-users (non-empty userType, not vip). */
  canCreate: (v: PlaylistViewer, type: PlaylistRef['type']) =>
    type === 'FPL' ? isAdmin(v) : type === 'PPL' ? isLoggedIn(v) : policy.canUseStudioPlaylists(v),
  canAddVideos,
  /** Sub-users cannot remove videos (spec 1 §5). */
  canRemoveVideos: canCurate,
  /** Rename or describe. */
  canEdit: canCurate,
  /** Reorder mode (Edit) and its Save. */
  canReorder: canCurate,
  canShuffle: canCurate,
  /** Delete the playlist; featured ones never from a member's card, only by admins. */
  canDelete: canCurate,
  /**
   * The member area's edit (rename, describe, add and remove videos in one save): never on a featured
   * playlist, which changes in the admin console only (audited there), not even for admins.
   */
  canUpdateInMemberArea: (v: PlaylistViewer, p: PlaylistRef, change: PlaylistChange) =>
    p.type !== 'FPL' &&
    (!change.details || canCurate(v, p)) &&
    (!change.removesVideos || canCurate(v, p)) &&
    (!change.addsVideos || canAddVideos(v, p)),
  /** The member area's delete: featured playlists are deleted in the admin console only (audited there). */
  canDeleteInMemberArea: (v: PlaylistViewer, p: PlaylistRef) => p.type !== 'FPL' && canCurate(v, p),
  /** The member area's reorder: a featured playlist's order is saved in the admin console only. */
  canReorderInMemberArea: (v: PlaylistViewer, p: PlaylistRef) => p.type !== 'FPL' && canCurate(v, p),
  /** Removing one video from the playlist page: admins may, on a featured playlist too (audited). */
  canRemoveVideoInMemberArea: canCurate,
} as const;

export type PlaylistPolicyName = keyof typeof playlistPolicy;
