import { adminVideoEndpoints } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videos } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';
import { findVideo, selectAdminVideoPage, toAdminVideos } from './queries';
import { refreshSearchText } from './search-text-refresh';
import { diffVideo, toVideoChanges, updateVideoRow, validateVideoUpdate } from './service';

const VIDEO_NOT_FOUND = 'Video not found';

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
    const { user } = request.caller;
    const { videoId } = request.params;
    const row = await app.db.transaction(async (tx) => {
      const current = await findVideo(tx, videoId);
      if (!current) throw notFound(VIDEO_NOT_FOUND);
      await validateVideoUpdate(tx, current, request.body);
      const changes = toVideoChanges(request.body);
      await updateVideoRow(tx, videoId, changes);
      // Title, descriptions, instructor, tags and keywords all feed the member search.
      await refreshSearchText(tx, [videoId]);
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'update',
        entity: 'video',
        entityId: videoId,
        changes: diffVideo(current, changes),
      });
      return (await findVideo(tx, videoId))!;
    });
    const [video] = await toAdminVideos(app.db, [row]);
    return video!;
  });

  route(app, adminVideoEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const { videoId } = request.params;
    await app.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(videos).where(eq(videos.id, videoId)).returning();
      if (!deleted) throw notFound(VIDEO_NOT_FOUND);
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'video',
        entityId: videoId,
        changes: { title: deleted.title, kind: deleted.kind, releaseDate: deleted.releaseDate },
      });
    });
    return { id: videoId, message: 'Video deleted' };
  });
}
