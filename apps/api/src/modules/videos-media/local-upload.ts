import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { PLAYER_MESSAGES } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { assetDir, UploadRejected } from '../../adapters/video/local/provider';
import { AppError } from '../../lib/errors';
import { quotaExceeded, usedUploadBytes } from '../files/quota';
import { findUploadTarget, recordVideoUpload } from './queries';
import { PROCESS_QUEUE } from './service';

/**
 * Receives a file PUT to the local provider's upload URL within the uploader's video quota, counts it, and
 * queues its processing; the provider's refusals become the player's messages.
 */
export async function receiveLocalUpload(app: FastifyInstance, uploadId: string, body: Readable) {
  // The uploader's video quota (issue 13, 12c): the stream stops at what is left of it.
  const asset = await findUploadTarget(app.db, uploadId);
  const quota = app.config.uploadQuota.videoBytes;
  const left = asset?.createdBy
    ? quota - (await usedUploadBytes(app.db, asset.createdBy, 'video'))
    : Number.POSITIVE_INFINITY;
  if (left <= 0) throw quotaExceeded();
  try {
    const row = await app.video.local.receiveUpload(uploadId, body, left);
    if (asset?.createdBy) {
      const { size } = await stat(join(assetDir(app.video.mediaRoot, row.id), 'source'));
      await recordVideoUpload(app.db, asset.createdBy, row.id, size);
    }
    await app.jobs.send(PROCESS_QUEUE, { assetId: row.id }, { singletonKey: row.id });
  } catch (error) {
    if (error instanceof UploadRejected) {
      if (error.reason === 'too-large')
        throw new AppError('PAYLOAD_TOO_LARGE', PLAYER_MESSAGES.videoFileTooLarge);
      if (error.reason === 'over-quota') throw quotaExceeded();
      if (error.reason === 'not-video')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PLAYER_MESSAGES.videoFileType);
      if (error.reason === 'unknown-upload') throw new AppError('NOT_FOUND', 'Unknown upload');
      throw new AppError('CONFLICT', error.message);
    }
    throw error;
  }
}
