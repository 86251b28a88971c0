import { playbackEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { findVideo } from './queries';
import { buildDetail, playbackFor } from './service';
import { requirePlayerSession } from './viewer';

export async function playbackRoutes(app: FastifyInstance) {
  route(
    app,
    playbackEndpoints.videoDetail,
    async (request) => {
      const { user } = request.caller;
      const video = await findVideo(app.db, request.params.videoId);
      return buildDetail(app.db, video, user.id, new Date());
    },
    { authenticate: requirePlayerSession },
  );

  route(
    app,
    playbackEndpoints.playback,
    async (request) => playbackFor(app, request.caller, await findVideo(app.db, request.params.videoId)),
    { authenticate: requirePlayerSession },
  );
}
