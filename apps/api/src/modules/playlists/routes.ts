import {
  PLAYLIST_MESSAGES,
  type PlaylistViewer,
  playlistEndpoints,
  playlistPolicy,
  policy,
  studioOf,
  type TPlaylistDetail,
  type TPlaylistOrder,
  type TReorderRequest,
  type TVideoCard,
} from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type PlaylistRow, playlists } from '../../db/schema';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { route, sendSerialised } from '../../lib/route';
import { viewerOf } from '../../plugins/auth';
import { recordAudit } from '../audit/record';
import { toSessionUser } from '../auth/sessions';
import { ExpiringLru, remember } from '../../lib/lru';
import { createReleaseDay, createVersionReader } from '../catalogue/cache';
import { createCardLookups } from '../catalogue/queries';
import {
  appendVideos,
  assignPositions,
  findPlaylistVersioned,
  insertPlaylist,
  loadDetail,
  lockPlaylist,
  type PlaylistScope,
  releasePositions,
  removeVideos,
  selectExistingVideoIds,
  selectItemIds,
  selectSavedInPlaylist,
  selectSummaries,
  toDetail,
  touchPlaylist,
} from './queries';

const notFoundPlaylist = () => notFound('Playlist not found');

const CATALOGUE_VERSION_CHECK_MS = 1000;
interface LoadedPlaylist {
  body: TPlaylistDetail;
  json: Buffer;
}

const LOADED_MAX = 500;
const LOADED_TTL_MS = 60_000;

/** A playlist the viewer may see (else 404: ids of others' playlists cannot be probed). */
function assertVisible(viewer: PlaylistViewer, row: PlaylistRow | null): PlaylistRow {
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
async function saveOrder(tx: DbOrTx, row: PlaylistRow, body: TReorderRequest): Promise<TPlaylistOrder> {
  const requested = [...body.positions].sort((a, b) => a.position - b.position).map((p) => p.videoId);
  const current = new Set(await releasePositions(tx, row.id));
  if (requested.length !== current.size || requested.some((id) => !current.has(id)))
    throw new AppError('CONFLICT', PLAYLIST_MESSAGES.orderStale);
  await assignPositions(tx, row.id, requested);
  return { id: row.id, videoIds: requested };
}

export async function playlistRoutes(app: FastifyInstance) {
  route(app, playlistEndpoints.list, async (request) => {
    const type = request.query.type;
    let scope: PlaylistScope = { type: 'FPL' };
    if (type !== 'FPL') {
      const viewer = viewerOf(request.caller);
      if (!viewer) throw unauthenticated();
      if (type === 'PPL') scope = { type, ownerUserId: viewer.id };
      else {
        const studio = studioOf(viewer);
        if (!policy.canUseStudioPlaylists(viewer) || !studio) throw forbidden();
        scope = { type, studioOwnerId: studio };
      }
    }
    return { items: await selectSummaries(app.db, scope) };
  });

  // Loaded playlists, shared by every viewer who may see them (saved flags are added per member). The key
  // holds the playlist's version (any change of it), the catalogue version (any change of its videos, tags or
  // instructors, read at most once a second on PostgreSQL) and the New York day (videos go live at 12:00 AM).
  const readCatalogueVersion = createVersionReader(
    app.database,
    app.config.env === 'test' ? 0 : CATALOGUE_VERSION_CHECK_MS,
  );
  const readReleaseDay = createReleaseDay();
  const loaded = new ExpiringLru<Promise<LoadedPlaylist>>(LOADED_MAX, LOADED_TTL_MS);
  // The last cards of each playlist, by catalogue version and day: a reorder, rename or removal (the usual
  // change, then a refetch) needs only the new order of ids, not every video, tag and instructor again.
  const lastCards = new ExpiringLru<{ stamp: string; cards: Map<string, TVideoCard> }>(
    LOADED_MAX,
    LOADED_TTL_MS,
  );
  const cardLookupsAt = createCardLookups(app.db);
  const reuseCards = async (row: PlaylistRow, stamp: string): Promise<TPlaylistDetail | null> => {
    const last = lastCards.get(row.id);
    if (last?.stamp !== stamp) return null;
    const cards = (await selectItemIds(app.db, row.id)).map((id) => last.cards.get(id));
    return cards.every((card) => card !== undefined) ? toDetail(row, cards) : null;
  };
  /** A load as shared: checked by the contract and serialised once, when it is built. */
  const buildLoaded = async (row: PlaylistRow, stamp: string): Promise<LoadedPlaylist> => {
    const detail =
      (await reuseCards(row, stamp)) ?? (await loadDetail(app.db, row, null, () => cardLookupsAt(stamp)));
    const body = playlistEndpoints.get.response.parse(detail);
    lastCards.set(row.id, { stamp, cards: new Map(body.videos.map((video) => [video.id, video])) });
    return { body, json: Buffer.from(JSON.stringify(body)) };
  };

  route(app, playlistEndpoints.get, async (request, reply) => {
    // The playlist row and the catalogue version are independent reads: one round trip.
    const viewer = viewerOf(request.caller);
    const [found, catalogueVersion] = await Promise.all([
      findPlaylistVersioned(app.db, request.params.playlistId),
      readCatalogueVersion(),
    ]);
    const row = assertVisible(viewer, found?.row ?? null);
    const stamp = `${catalogueVersion}|${readReleaseDay()}`;
    const key = `${row.id}|${found!.version}|${stamp}`;
    // The member's saved flags are read beside the shared load, not after it.
    const [shared, saved] = await Promise.all([
      remember(loaded, key, () => buildLoaded(row, stamp)),
      viewer ? selectSavedInPlaylist(app.db, viewer.id, row.id) : new Set<string>(),
    ]);
    if (saved.size === 0) return sendSerialised(reply, shared.json);
    // Only saved flags change, so the checked body needs no second pass through the contract.
    const { body } = shared;
    const flagged = {
      ...body,
      videos: body.videos.map((v) => (saved.has(v.id) ? { ...v, isSaved: true } : v)),
    };
    return sendSerialised(reply, JSON.stringify(flagged));
  });

  route(app, playlistEndpoints.create, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    const body = request.body;
    if (!playlistPolicy.canCreate(viewer, body.type)) throw forbidden();
    return app.db.transaction(async (tx) => {
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
  });

  route(app, playlistEndpoints.update, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    const body = request.body;
    return app.db.transaction(async (tx) => {
      let row = assertVisible(viewer, await lockPlaylist(tx, request.params.playlistId));
      const isEditing = body.name !== undefined || body.description !== undefined;
      if (row.type === 'FPL') throw forbidden();
      if (isEditing && !playlistPolicy.canEdit(viewer, row)) throw forbidden();
      if (body.removeVideoIds?.length && !playlistPolicy.canRemoveVideos(viewer, row)) throw forbidden();
      if (body.addVideoIds?.length && !playlistPolicy.canAddVideos(viewer, row)) throw forbidden();
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
  });

  route(app, playlistEndpoints.remove, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    await app.db.transaction(async (tx) => {
      const row = assertVisible(viewer, await lockPlaylist(tx, request.params.playlistId));
      // Featured playlists are deleted in the admin console only (audited there).
      if (row.type === 'FPL' || !playlistPolicy.canDelete(viewer, row)) throw forbidden();
      await tx.delete(playlists).where(eq(playlists.id, row.id));
    });
    return { ok: true as const, message: PLAYLIST_MESSAGES.deleted };
  });

  route(app, playlistEndpoints.removeVideo, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    const { playlistId, videoId } = request.params;
    return app.db.transaction(async (tx) => {
      const row = assertVisible(viewer, await lockPlaylist(tx, playlistId));
      if (!playlistPolicy.canRemoveVideos(viewer, row)) throw forbidden();
      if (row.type === 'FPL') await audit(tx, request, viewer.id, 'remove-video', row.id, { videoId });
      const current = await selectItemIds(tx, row.id);
      if (!current.includes(videoId)) throw notFound('Video not in this playlist');
      await removeVideos(tx, row.id, [videoId]);
      return loadDetail(tx, row, viewer.id);
    });
  });

  route(app, playlistEndpoints.reorder, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    return app.db.transaction(async (tx) => {
      const row = assertVisible(viewer, await lockPlaylist(tx, request.params.playlistId));
      if (row.type === 'FPL' || !playlistPolicy.canReorder(viewer, row)) throw forbidden();
      return saveOrder(tx, row, request.body);
    });
  });

  route(app, playlistEndpoints.addVideo, async (request) => {
    const viewer = toSessionUser(request.caller.user);
    const { videoId, playlistIds, newPlaylist } = request.body;
    if (newPlaylist && !playlistPolicy.canCreate(viewer, newPlaylist.type)) throw forbidden();
    return app.db.transaction(async (tx) => {
      await assertVideosExist(tx, [videoId], 'videoId');
      const addedTo: string[] = [];
      for (const id of playlistIds) {
        const row = assertVisible(viewer, await lockPlaylist(tx, id));
        if (!playlistPolicy.canAddVideos(viewer, row)) throw forbidden();
        await appendVideos(tx, row.id, [videoId]);
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
        addedTo.push(row.id);
        const { videos: _videos, ...summary } = await loadDetail(tx, row, viewer.id);
        created = summary;
      }
      return { addedTo, created };
    });
  });

  // Featured playlists: the admin console (every change audited in its transaction).
  route(app, playlistEndpoints.adminCreateFeatured, async (request) => {
    const { user } = request.caller;
    const body = request.body;
    return app.db.transaction(async (tx) => {
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
      await audit(tx, request, user.id, 'create', row.id, { name: body.name, videoIds: body.videoIds });
      return loadDetail(tx, row, user.id);
    });
  });

  route(app, playlistEndpoints.adminUpdateFeatured, async (request) => {
    const { user } = request.caller;
    const body = request.body;
    return app.db.transaction(async (tx) => {
      const found = await lockPlaylist(tx, request.params.playlistId);
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
      await audit(tx, request, user.id, 'update', row.id, { name: body.name, videoIds: body.videoIds });
      return loadDetail(tx, row, user.id);
    });
  });

  route(app, playlistEndpoints.adminDeleteFeatured, async (request) => {
    const { user } = request.caller;
    await app.db.transaction(async (tx) => {
      const row = await lockPlaylist(tx, request.params.playlistId);
      if (row?.type !== 'FPL') throw notFoundPlaylist();
      await tx.delete(playlists).where(eq(playlists.id, row.id));
      await audit(tx, request, user.id, 'delete', row.id, { name: row.name });
    });
    return { ok: true as const, message: PLAYLIST_MESSAGES.featuredDeleted };
  });

  route(app, playlistEndpoints.adminReorderFeatured, async (request) => {
    const { user } = request.caller;
    return app.db.transaction(async (tx) => {
      const row = await lockPlaylist(tx, request.params.playlistId);
      if (row?.type !== 'FPL') throw notFoundPlaylist();
      const saved = await saveOrder(tx, row, request.body);
      await audit(tx, request, user.id, 'reorder', row.id, { positions: request.body.positions });
      return saved;
    });
  });
}

function audit(
  tx: DbOrTx,
  request: FastifyRequest,
  actorId: string,
  action: string,
  entityId: string,
  changes: Record<string, unknown>,
) {
  return recordAudit(tx, request, { actorId, action, entity: 'featured-playlist', entityId, changes });
}
