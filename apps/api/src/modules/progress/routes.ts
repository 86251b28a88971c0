import { progressEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { deleteProgress, findPreferences, upsertPreferences } from './queries';
import { historyPage, saveProgress } from './service';

export async function progressRoutes(app: FastifyInstance) {
  route(app, progressEndpoints.saveProgress, async (request) =>
    saveProgress(app.db, request.caller.user.id, request.params.videoId, request.body),
  );

  route(app, progressEndpoints.history, async (request) =>
    historyPage(app.db, request.caller.user.id, request.query),
  );

  route(app, progressEndpoints.removeHistory, async (request) => {
    await deleteProgress(app.db, request.caller.user.id, request.params.videoId);
    return { videoId: request.params.videoId };
  });

  route(app, progressEndpoints.getPreferences, async (request) => {
    const row = await findPreferences(app.db, request.caller.user.id);
    return { isMirrored: row?.isMirrored ?? false, playbackRate: row?.playbackRate ?? 1 };
  });

  route(app, progressEndpoints.setPreferences, async (request) => {
    await upsertPreferences(app.db, request.caller.user.id, { ...request.body, updatedAt: new Date() });
    return request.body;
  });
}
