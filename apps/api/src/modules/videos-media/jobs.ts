import { PLAYER_MESSAGES } from '@dance/domain';
import { VideoHostError } from '../../adapters/vimeo';
import { defineJob } from '../../jobs';
import { IMPORT_QUEUE, runImport } from './imports';
import { markErrored, PROCESS_QUEUE, setProgress } from './service';

/** Transcodes an uploaded video with the local provider. */
export const processVideoJob = defineJob<{ assetId: string }>({
  name: PROCESS_QUEUE,
  // A job whose process died is retried; heartbeats tell a live long transcode from a dead one. `exclusive`
  // keyed by the asset (every send gives `singletonKey: assetId`): one job per asset waiting or running, so
  // two workers never transcode one asset at once (a standard queue ignores the key).
  options: {
    policy: 'exclusive',
    retryLimit: 2,
    retryDelay: 5,
    heartbeatSeconds: 30,
    expireInSeconds: 3 * 3600,
  },
  handler: async (app, job) => {
    const { assetId } = job.data;
    try {
      await app.video.local.process(
        assetId,
        (percent) => setProgress(app.db, assetId, percent),
        job.signal,
        (error) => app.log.warn({ err: error, assetId }, 'count grid not detected'),
      );
      app.log.info({ assetId }, 'video processed');
    } catch (error) {
      app.log.error({ err: error, assetId }, 'video processing failed');
      if (job.retryCount >= job.retryLimit) await markErrored(app.db, assetId, PLAYER_MESSAGES.mediaFailed);
      throw error;
    }
  },
});

/**
 * Makes an imported video playable (decision 0033): fetches its file from the media library or Vimeo and
 * processes it like an upload. A refusal of the host (no such video, no downloadable file) fails at once
 * with its reason; other failures are retried, then fail with the pipeline's message.
 */
export const importVideoJob = defineJob<{ assetId: string }>({
  name: IMPORT_QUEUE,
  // One import per asset waiting or running, as for processing.
  options: {
    policy: 'exclusive',
    retryLimit: 2,
    retryDelay: 10,
    heartbeatSeconds: 30,
    expireInSeconds: 3 * 3600,
  },
  handler: async (app, job) => {
    const { assetId } = job.data;
    try {
      await runImport(app, assetId, job.signal);
      app.log.info({ assetId }, 'imported video processed');
    } catch (error) {
      app.log.error({ err: error, assetId }, 'video import failed');
      if (error instanceof VideoHostError) {
        await markErrored(app.db, assetId, error.message);
        return;
      }
      if (job.retryCount >= job.retryLimit) await markErrored(app.db, assetId, PLAYER_MESSAGES.mediaFailed);
      throw error;
    }
  },
});
