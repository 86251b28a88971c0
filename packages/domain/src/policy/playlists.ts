import { isAdmin, isLoggedIn, policy, type Viewer } from './core';

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
