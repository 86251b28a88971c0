import { adminVideoEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readCountGrid, saveCountGrid } from './count-grid';
import { selectAdminVideoPage, toAdminVideos } from './queries';
import { editVideo, removeVideo, retryVideoMedia } from './service';

export async function adminVideoRoutes(app: FastifyInstance) {
  route(app, adminVideoEndpoints.list, async (request) => {
    const q = request.query;
    const { rows, total } = await selectAdminVideoPage(app.db, {
      search: q.search || undefined,
      sort: q.sort,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: await toAdminVideos(app.db, rows), total, page: q.page, pageSize: q.pageSize };
  });

  route(app, adminVideoEndpoints.update, async (request) => {
    const { videoId } = request.params;
    return editVideo(app.db, request, request.caller.user.id, videoId, request.body);
  });

  route(app, adminVideoEndpoints.countGrid, async (request) => readCountGrid(app, request.params.videoId));

  route(app, adminVideoEndpoints.saveCountGrid, async (request) =>
    saveCountGrid(app, request, request.caller.user.id, request.params.videoId, request.body),
  );

  route(app, adminVideoEndpoints.retryMedia, async (request) => {
    return retryVideoMedia(app, request, request.caller.user.id, request.params.videoId);
  });

  route(app, adminVideoEndpoints.remove, async (request) => {
    const { videoId } = request.params;
    await removeVideo(app.db, request, request.caller.user.id, videoId);
    return { id: videoId, message: 'Video deleted' };
  });
}
