import { recommendationEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { requirePlayerSession } from '../playback/viewer';
import { recommendationsFor } from './service';

export async function recommendationsRoutes(app: FastifyInstance) {
  route(
    app,
    recommendationEndpoints.recommendations,
    async (request) =>
      recommendationsFor(app.db, request.params.videoId, request.query.type, request.caller.user.id),
    { authenticate: requirePlayerSession },
  );
}
