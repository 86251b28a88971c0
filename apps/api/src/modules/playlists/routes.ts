import { PLAYLIST_MESSAGES, playlistEndpoints } from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route, sendSerialised } from '../../lib/route';
import { viewerOf } from '../../plugins/auth';
import { type ResolvedSession, toSessionUser } from '../auth/sessions';
import { createPlaylistLoader } from './loader';
import {
  addVideoToPlaylists,
  createFeatured,
  createPlaylist,
  deleteFeatured,
  listPlaylists,
  type PlaylistChangeCtx,
  removePlaylist,
  removeVideoFromPlaylist,
  reorderFeatured,
  reorderPlaylist,
  updateFeatured,
  updatePlaylist,
} from './service';

export async function playlistRoutes(app: FastifyInstance) {
  const changeBy = (
    request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession },
  ): PlaylistChangeCtx => ({
    db: app.db,
    request,
    user: toSessionUser(request.caller.user),
  });
  const loadSerialised = createPlaylistLoader(app);

  route(app, playlistEndpoints.list, async (request) => ({
    items: await listPlaylists(app.db, viewerOf(request.caller), request.query.type),
  }));

  route(app, playlistEndpoints.get, async (request, reply) =>
    sendSerialised(reply, await loadSerialised(viewerOf(request.caller), request.params.playlistId)),
  );

  route(app, playlistEndpoints.create, async (request) =>
    createPlaylist(app.db, toSessionUser(request.caller.user), request.body),
  );

  route(app, playlistEndpoints.update, async (request) =>
    updatePlaylist(app.db, toSessionUser(request.caller.user), request.params.playlistId, request.body),
  );

  route(app, playlistEndpoints.remove, async (request) => {
    await removePlaylist(app.db, toSessionUser(request.caller.user), request.params.playlistId);
    return { ok: true as const, message: PLAYLIST_MESSAGES.deleted };
  });

  route(app, playlistEndpoints.removeVideo, async (request) =>
    removeVideoFromPlaylist(changeBy(request), request.params.playlistId, request.params.videoId),
  );

  route(app, playlistEndpoints.reorder, async (request) =>
    reorderPlaylist(app.db, toSessionUser(request.caller.user), request.params.playlistId, request.body),
  );

  route(app, playlistEndpoints.addVideo, async (request) =>
    addVideoToPlaylists(changeBy(request), request.body),
  );

  // Featured playlists: the admin console (every change audited in its transaction).
  route(app, playlistEndpoints.adminCreateFeatured, async (request) =>
    createFeatured(changeBy(request), request.body),
  );

  route(app, playlistEndpoints.adminUpdateFeatured, async (request) =>
    updateFeatured(changeBy(request), request.params.playlistId, request.body),
  );

  route(app, playlistEndpoints.adminDeleteFeatured, async (request) => {
    await deleteFeatured(changeBy(request), request.params.playlistId);
    return { ok: true as const, message: PLAYLIST_MESSAGES.featuredDeleted };
  });

  route(app, playlistEndpoints.adminReorderFeatured, async (request) =>
    reorderFeatured(changeBy(request), request.params.playlistId, request.body),
  );
}
