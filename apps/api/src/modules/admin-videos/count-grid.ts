import { checkCountGrid, type TAdminCountGrid, type TCountGrid } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mediaAssets } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type AuditRequest, recordAudit } from '../audit/record';
import { findAssetById, signStream } from '../videos-media/service';
import { findVideo } from './queries';

/** How long the admin's tap-along stream plays. */
const STREAM_SECONDS = 3600;

async function videoAsset(app: FastifyInstance, videoId: string) {
  const video = await findVideo(app.db, videoId);
  if (!video) throw notFound('Video not found');
  const asset = video.videoUrl ? await findAssetById(app.db, video.videoUrl) : null;
  return { video, asset };
}

/** The grid of the video's media and a stream to tap along to (null while the media is not ready). */
export async function readCountGrid(app: FastifyInstance, videoId: string): Promise<TAdminCountGrid> {
  const { asset } = await videoAsset(app, videoId);
  if (!asset) return { grid: null, stream: null };
  const stream =
    asset.status === 'ready'
      ? await signStream(app, asset, new Date(Date.now() + STREAM_SECONDS * 1000)).catch(() => null)
      : null;
  return { grid: asset.countGrid ?? null, stream };
}

/**
 * An admin's correction of the grid: sections in order from 0:00, inside the video. Stored with source
 * 'admin' so processing the media again keeps it.
 */
export async function saveCountGrid(
  app: FastifyInstance,
  request: AuditRequest,
  actorId: string,
  videoId: string,
  body: Omit<TCountGrid, 'source'>,
): Promise<TAdminCountGrid> {
  const { asset } = await videoAsset(app, videoId);
  if (!asset) throw new AppError('CONFLICT', 'This video has no media to count yet.');
  const grid: TCountGrid = { ...body, sections: body.noCounts ? [] : body.sections, source: 'admin' };
  const duration = asset.durationSeconds ?? Number.POSITIVE_INFINITY;
  const problem =
    checkCountGrid(grid) ??
    (grid.sections.some((s) => s.fromSeconds >= duration || s.downbeatSeconds >= duration)
      ? 'A section or its first "1" is past the end of the video.'
      : null);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { sections: problem } });
  await app.db.transaction(async (tx) => {
    await tx
      .update(mediaAssets)
      .set({ countGrid: grid, updatedAt: new Date() })
      .where(eq(mediaAssets.id, asset.id));
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'video',
      entityId: videoId,
      changes: { countGrid: { from: asset.countGrid, to: grid } },
    });
  });
  return readCountGrid(app, videoId);
}
