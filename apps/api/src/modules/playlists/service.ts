import {
  PLAYLIST_MESSAGES,
  type PlaylistViewer,
  playlistPolicy,
  policy,
  studioOf,
  type TPlaylistDetail,
  type TPlaylistOrder,
  type TPlaylistSummary,
  type TSessionUser,
  type ZAddToPlaylistsRequest,
  type ZCreatePlaylistRequest,
  type ZFeaturedPlaylistRequest,
  type ZPlaylistType,
  type ZReorderRequest,
  type ZUpdatePlaylistRequest,
} from '@dance/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { PlaylistRow } from '../../db/schema';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import {
  appendVideos,
  assignPositions,
  deletePlaylist,
  insertPlaylist,
  loadDetail,
  lockPlaylist,
  type PlaylistScope,
  releasePositions,
  removeVideos,
  selectExistingVideoIds,
  selectItemIds,
  selectSummaries,
  touchPlaylist,
} from './queries';

type ReorderRequest = z.output<typeof ZReorderRequest>;
type FeaturedRequest = z.output<typeof ZFeaturedPlaylistRequest>;

/** A change made for a request: the database, the request (its id goes in audit records) and who acts. */
export interface PlaylistChangeCtx {
  db: Db;
  request: Pick<FastifyRequest, 'id'>;
  user: TSessionUser;
}

const notFoundPlaylist = () => notFound('Playlist not found');

/** A playlist the viewer may see (else 404: ids of others' playlists cannot be probed). */
export function assertVisible(viewer: PlaylistViewer, row: PlaylistRow | null): PlaylistRow {
  if (!row || !playlistPolicy.canView(viewer, row)) throw notFoundPlaylist();
  return row;
}

async function assertVideosExist(db: DbOrTx, ids: string[], field: string) {
  const existing = await selectExistingVideoIds(db, ids);
  if (ids.some((id) => !existing.has(id)))
    throw new AppError('VALIDATION_FAILED', PLAYLIST_MESSAGES.unknownVideos, {
      fields: { [field]: PLAYLIST_MESSAGES.unknownVideos },
    });
}

/**
 * Saves a new order (the caller locked the playlist row, so concurrent saves queue): the positions move
 * aside, then take their new values, three statements in the caller's one transaction. The order must name
 * exactly the playlist's videos: a stale editor gets 409 and the transaction rolls back, changing nothing.
 */
async function saveOrder(tx: DbOrTx, row: PlaylistRow, body: ReorderRequest): Promise<TPlaylistOrder> {
  const requested = [...body.positions].sort((a, b) => a.position - b.position).map((p) => p.videoId);
  const current = new Set(await releasePositions(tx, row.id));
  if (requested.length !== current.size || requested.some((id) => !current.has(id)))
    throw new AppError('CONFLICT', PLAYLIST_MESSAGES.orderStale);
  await assignPositions(tx, row.id, requested);
  return { id: row.id, videoIds: requested };
}

function auditFeatured(
  tx: DbOrTx,
  { request, user }: PlaylistChangeCtx,
  action: string,
  entityId: string,
  changes: Record<string, unknown>,
) {
  return recordAudit(tx, request, {
    actorId: user.id,
    action,
    entity: 'featured-playlist',
    entityId,
    changes,
  });
}

/** The summaries of one kind the viewer may list: featured for anyone, their own, or their studio's. */
export async function listPlaylists(
  db: DbOrTx,
  viewer: PlaylistViewer,
  type: z.output<typeof ZPlaylistType>,
): Promise<TPlaylistSummary[]> {
  let scope: PlaylistScope = { type: 'FPL' };
  if (type !== 'FPL') {
    if (!viewer) throw unauthenticated();
    if (type === 'PPL') scope = { type, ownerUserId: viewer.id };
    else {
      const studio = studioOf(viewer);
      if (!policy.canUseStudioPlaylists(viewer) || !studio) throw forbidden();
      scope = { type, studioOwnerId: studio };
    }
  }
  return selectSummaries(db, scope);
}

export async function createPlaylist(
  db: Db,
  viewer: TSessionUser,
  body: z.output<typeof ZCreatePlaylistRequest>,
): Promise<TPlaylistDetail> {
  if (!playlistPolicy.canCreate(viewer, body.type)) throw forbidden();
  return db.transaction(async (tx) => {
    await assertVideosExist(tx, body.videoIds, 'videoIds');
    const row = await insertPlaylist(tx, {
      type: body.type,
      name: body.name,
      description: body.description,
      ownerUserId: viewer.id,
      studioOwnerId: body.type === 'SPL' ? studioOf(viewer) : null,
    });
    await appendVideos(tx, row.id, body.videoIds);
    return loadDetail(tx, row, viewer.id);
  });
}

/** The member area's save: rename, describe, add and remove videos at once (at least one video stays). */
export async function updatePlaylist(
  db: Db,
  viewer: TSessionUser,
  playlistId: string,
  body: z.output<typeof ZUpdatePlaylistRequest>,
): Promise<TPlaylistDetail> {
  return db.transaction(async (tx) => {
    let row = assertVisible(viewer, await lockPlaylist(tx, playlistId));
    const change = {
      details: body.name !== undefined || body.description !== undefined,
      addsVideos: Boolean(body.addVideoIds?.length),
      removesVideos: Boolean(body.removeVideoIds?.length),
    };
    if (!playlistPolicy.canUpdateInMemberArea(viewer, row, change)) throw forbidden();
    if (body.addVideoIds?.length) await assertVideosExist(tx, body.addVideoIds, 'addVideoIds');
    if (body.removeVideoIds?.length) {
      const current = new Set(await selectItemIds(tx, row.id));
      if (body.removeVideoIds.some((id) => !current.has(id)))
        throw new AppError('VALIDATION_FAILED', PLAYLIST_MESSAGES.unknownVideos, {
          fields: { removeVideoIds: PLAYLIST_MESSAGES.unknownVideos },
        });
      const remaining = current.size - body.removeVideoIds.length + (body.addVideoIds?.length ?? 0);
      if (remaining < 1)
        throw new AppError('VALIDATION_FAILED', PLAYLIST_MESSAGES.videoRequired, {
          fields: { removeVideoIds: PLAYLIST_MESSAGES.videoRequired },
        });
      await removeVideos(tx, row.id, body.removeVideoIds);
    }
    if (body.addVideoIds?.length) await appendVideos(tx, row.id, body.addVideoIds);
    row = await touchPlaylist(tx, row.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return loadDetail(tx, row, viewer.id);
  });
}

export async function removePlaylist(db: Db, viewer: TSessionUser, playlistId: string) {
  await db.transaction(async (tx) => {
    const row = assertVisible(viewer, await lockPlaylist(tx, playlistId));
    if (!playlistPolicy.canDeleteInMemberArea(viewer, row)) throw forbidden();
    await deletePlaylist(tx, row.id);
  });
}

/** Removes one video from the playlist page; on a featured playlist (admins only) the removal is audited. */
export async function removeVideoFromPlaylist(
  ctx: PlaylistChangeCtx,
  playlistId: string,
  videoId: string,
): Promise<TPlaylistDetail> {
  const { db, user } = ctx;
  return db.transaction(async (tx) => {
    const row = assertVisible(user, await lockPlaylist(tx, playlistId));
    if (!playlistPolicy.canRemoveVideoInMemberArea(user, row)) throw forbidden();
    if (row.type === 'FPL') await auditFeatured(tx, ctx, 'remove-video', row.id, { videoId });
    const current = await selectItemIds(tx, row.id);
    if (!current.includes(videoId)) throw notFound('Video not in this playlist');
    await removeVideos(tx, row.id, [videoId]);
    return loadDetail(tx, row, user.id);
  });
}

export async function reorderPlaylist(
  db: Db,
  viewer: TSessionUser,
  playlistId: string,
  body: ReorderRequest,
): Promise<TPlaylistOrder> {
  return db.transaction(async (tx) => {
    const row = assertVisible(viewer, await lockPlaylist(tx, playlistId));
    if (!playlistPolicy.canReorderInMemberArea(viewer, row)) throw forbidden();
    return saveOrder(tx, row, body);
  });
}

/**
 * The add-to-playlists dialog: the video joins each chosen playlist, and a new one if asked. An admin can reach
 * featured playlists from it too, so those changes are audited as the console's are.
 */
export async function addVideoToPlaylists(
  ctx: PlaylistChangeCtx,
  { videoId, playlistIds, newPlaylist }: z.output<typeof ZAddToPlaylistsRequest>,
) {
  const { db, user: viewer } = ctx;
  if (newPlaylist && !playlistPolicy.canCreate(viewer, newPlaylist.type)) throw forbidden();
  return db.transaction(async (tx) => {
    await assertVideosExist(tx, [videoId], 'videoId');
    const addedTo: string[] = [];
    for (const id of playlistIds) {
      const row = assertVisible(viewer, await lockPlaylist(tx, id));
      if (!playlistPolicy.canAddVideos(viewer, row)) throw forbidden();
      await appendVideos(tx, row.id, [videoId]);
      if (row.type === 'FPL') await auditFeatured(tx, ctx, 'add-video', row.id, { videoId });
      addedTo.push(row.id);
    }
    let created = null;
    if (newPlaylist) {
      const row = await insertPlaylist(tx, {
        type: newPlaylist.type,
        name: newPlaylist.name,
        description: '',
        ownerUserId: viewer.id,
        studioOwnerId: newPlaylist.type === 'SPL' ? studioOf(viewer) : null,
      });
      await appendVideos(tx, row.id, [videoId]);
      if (row.type === 'FPL')
        await auditFeatured(tx, ctx, 'create', row.id, { name: newPlaylist.name, videoIds: [videoId] });
      addedTo.push(row.id);
      const { videos: _videos, ...summary } = await loadDetail(tx, row, viewer.id);
      created = summary;
    }
    return { addedTo, created };
  });
}

// Featured playlists: the admin console (every change audited in its transaction).

export async function createFeatured(
  ctx: PlaylistChangeCtx,
  body: FeaturedRequest,
): Promise<TPlaylistDetail> {
  const { db, user } = ctx;
  return db.transaction(async (tx) => {
    await assertVideosExist(tx, body.videoIds, 'videoIds');
    const row = await insertPlaylist(tx, {
      type: 'FPL',
      name: body.name,
      description: body.description,
      thumbnailUrl: body.thumbnailUrl,
      ownerUserId: user.id,
      studioOwnerId: null,
    });
    await appendVideos(tx, row.id, body.videoIds);
    await auditFeatured(tx, ctx, 'create', row.id, { name: body.name, videoIds: body.videoIds });
    return loadDetail(tx, row, user.id);
  });
}

export async function updateFeatured(
  ctx: PlaylistChangeCtx,
  playlistId: string,
  body: FeaturedRequest,
): Promise<TPlaylistDetail> {
  const { db, user } = ctx;
  return db.transaction(async (tx) => {
    const found = await lockPlaylist(tx, playlistId);
    if (found?.type !== 'FPL') throw notFoundPlaylist();
    await assertVideosExist(tx, body.videoIds, 'videoIds');
    const current = await selectItemIds(tx, found.id);
    const wanted = new Set(body.videoIds);
    await removeVideos(
      tx,
      found.id,
      current.filter((id) => !wanted.has(id)),
    );
    await appendVideos(tx, found.id, body.videoIds);
    const row = await touchPlaylist(tx, found.id, {
      name: body.name,
      description: body.description,
      thumbnailUrl: body.thumbnailUrl,
    });
    await auditFeatured(tx, ctx, 'update', row.id, { name: body.name, videoIds: body.videoIds });
    return loadDetail(tx, row, user.id);
  });
}

export async function deleteFeatured(ctx: PlaylistChangeCtx, playlistId: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPlaylist(tx, playlistId);
    if (row?.type !== 'FPL') throw notFoundPlaylist();
    await deletePlaylist(tx, row.id);
    await auditFeatured(tx, ctx, 'delete', row.id, { name: row.name });
  });
}

export async function reorderFeatured(
  ctx: PlaylistChangeCtx,
  playlistId: string,
  body: ReorderRequest,
): Promise<TPlaylistOrder> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockPlaylist(tx, playlistId);
    if (row?.type !== 'FPL') throw notFoundPlaylist();
    const saved = await saveOrder(tx, row, body);
    await auditFeatured(tx, ctx, 'reorder', row.id, { positions: body.positions });
    return saved;
  });
}
