import { adminUploadEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { importAsset, refreshUpload } from '../videos-media/service';
import { chapterThumbnailUrl, createUploadedVideo, startDirectUpload } from './service';

/** The upload wizard of spec 3 (/AdminDashboard/AddVideos): direct upload, status, import, chapters, create. */
export async function adminUploadRoutes(app: FastifyInstance) {
  route(app, adminUploadEndpoints.createDirectUpload, async (request) => {
    return startDirectUpload(app, request, request.caller.user.id, request.body.title);
  });

  route(app, adminUploadEndpoints.directUploadStatus, async (request) => {
    return refreshUpload(app, request.params.uploadId);
  });

  route(app, adminUploadEndpoints.muxAsset, async (request) => {
    return importAsset(app, request.query.assetId, request.caller.user.id);
  });

  route(app, adminUploadEndpoints.chapterThumbnail, async (request) => {
    const { playbackId, timecode } = request.body;
    return { thumbnailUrl: await chapterThumbnailUrl(app, playbackId, timecode) };
  });

  route(app, adminUploadEndpoints.uploadVideo, async (request) => {
    return { id: await createUploadedVideo(app, request, request.caller.user.id, request.body) };
  });
}
