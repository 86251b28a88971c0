import { PLAYER_MESSAGES } from '@dance/domain';
import { defineJob } from '../../jobs';
import { markErrored, PROCESS_QUEUE, setProgress } from './service';

/** Transcodes an uploaded video with the local provider. */
export const processVideoJob = defineJob<{ assetId: string }>({
  name: PROCESS_QUEUE,
  // A job whose process died is retried; heartbeats tell a live long transcode from a dead one.
  options: { retryLimit: 2, retryDelay: 5, heartbeatSeconds: 30, expireInSeconds: 3 * 3600 },
  handler: async (app, job) => {
    const { assetId } = job.data;
    try {
      await app.video.local.process(assetId, (percent) => setProgress(app.db, assetId, percent), job.signal);
      app.log.info({ assetId }, 'video processed');
    } catch (error) {
      app.log.error({ err: error, assetId }, 'video processing failed');
      if (job.retryCount >= job.retryLimit) await markErrored(app.db, assetId, PLAYER_MESSAGES.mediaFailed);
      throw error;
    }
  },
});
