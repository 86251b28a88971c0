import { playerEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { importAsset, refreshUpload } from '../videos-media/service';
import { chapterThumbnailUrl, createUploadedVideo, startDirectUpload } from './service';

/** The upload wizard of spec 3 (/AdminDashboard/AddVideos): direct upload, status, import, chapters, create. */
export async function adminUploadRoutes(app: FastifyInstance) {
  route(app, playerEndpoints.createDirectUpload, async (request) => {
    return startDirectUpload(app, request, request.caller.user.id, request.body.title);
  });

  route(app, playerEndpoints.directUploadStatus, async (request) => {
    return refreshUpload(app, request.params.uploadId);
  });

  route(app, playerEndpoints.muxAsset, async (request) => {
    return importAsset(app, request.query.assetId, request.caller.user.id);
  });

  route(app, playerEndpoints.chapterThumbnail, async (request) => {
    const { playbackId, timecode } = request.body;
    return { thumbnailUrl: await chapterThumbnailUrl(app, playbackId, timecode) };
  });

  route(app, playerEndpoints.uploadVideo, async (request) => {
    return { id: await createUploadedVideo(app, request, request.caller.user.id, request.body) };
  });
}
