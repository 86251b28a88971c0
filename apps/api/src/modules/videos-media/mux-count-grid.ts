import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCountGrid } from '@dance/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { detectMediaCountGrid } from '../../adapters/video/count-grid';
import { mediaAssets } from '../../db/schema';
import { defineJob } from '../../jobs';

/**
 * The count grid of a Mux asset (decision 0055, amending 0048): once the asset is ready, its audio-only
 * static rendition (`audio.m4a`, asked for when the asset is created) is downloaded and read by the same
 * beat tracker as a local upload's. A job on the queue, retried while Mux is still preparing the audio.
 */
export const MUX_COUNT_GRID_QUEUE = 'media-count-grid';

/** Mux has not finished the audio rendition yet: the job is retried later (pg-boss's backoff). */
export class AudioNotReady extends Error {}

export type MuxCountGridOutcome = 'stored' | 'no-audio' | 'kept' | 'skipped' | 'unavailable';

const NO_COUNTS: TCountGrid = { noCounts: true, sections: [], source: 'detected' };

/** Stores a detected grid unless an admin set one meanwhile (their correction always wins). */
async function storeDetected(app: FastifyInstance, assetId: string, grid: TCountGrid) {
  const updated = await app.db
    .update(mediaAssets)
    .set({ countGrid: grid, updatedAt: new Date() })
    .where(
      and(
        eq(mediaAssets.id, assetId),
        or(isNull(mediaAssets.countGrid), sql`${mediaAssets.countGrid}->>'source' <> 'admin'`),
      ),
    )
    .returning({ id: mediaAssets.id });
  return updated.length > 0;
}

/** One attempt at the grid of a ready Mux asset; throws AudioNotReady while Mux prepares its audio. */
export async function detectMuxCountGrid(
  app: FastifyInstance,
  assetId: string,
  signal?: AbortSignal,
): Promise<MuxCountGridOutcome> {
  const mux = app.video.mux;
  const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
  if (!mux || !row || row.provider !== 'mux' || row.status !== 'ready' || !row.externalId || !row.playbackId)
    return 'skipped';
  if (row.countGrid?.source === 'admin') return 'kept';
  const audio = await mux.audioRendition(row.externalId);
  if (!audio) return 'skipped';
  if (!audio.hasAudio) return (await storeDetected(app, assetId, NO_COUNTS)) ? 'no-audio' : 'kept';
  if (audio.status === 'missing') {
    // An asset made before we asked for the audio rendition: ask now, and come back when it is made.
    await mux.requestAudioRendition(row.externalId);
    throw new AudioNotReady(`asked Mux for the audio rendition of ${row.externalId}`);
  }
  if (audio.status === 'preparing')
    throw new AudioNotReady(`Mux is preparing the audio rendition of ${row.externalId}`);
  if (audio.status === 'unavailable') return 'unavailable';
  const dir = await mkdtemp(join(tmpdir(), 'mux-count-grid-'));
  try {
    const file = join(dir, 'audio.m4a');
    await mux.downloadAudio(row.playbackId, file, signal);
    const grid = await detectMediaCountGrid(file, signal);
    return (await storeDetected(app, assetId, grid)) ? 'stored' : 'kept';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Queues the grid of a Mux asset that became ready (once per asset at a time). */
export async function queueMuxCountGrid(app: FastifyInstance, assetId: string) {
  await app.jobs.send(MUX_COUNT_GRID_QUEUE, { assetId }, { singletonKey: assetId });
}

/**
 * The job: retried with backoff (30 s, 60 s, … about 2 hours in all) while Mux prepares the audio; a grid
 * that cannot be read leaves the video playable with an unknown grid (the admin can tap it in).
 */
export const muxCountGridJob = defineJob<{ assetId: string }>({
  name: MUX_COUNT_GRID_QUEUE,
  options: {
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 1800,
    heartbeatSeconds: 30,
    expireInSeconds: 1800,
  },
  handler: async (app, job) => {
    const { assetId } = job.data;
    try {
      const outcome = await detectMuxCountGrid(app, assetId, job.signal);
      app.log.info({ assetId, outcome }, 'mux count grid');
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      if (error instanceof AudioNotReady) app.log.info({ assetId, last }, error.message);
      else app.log.warn({ err: error, assetId, last }, 'mux count grid not detected');
      if (!last) throw error;
    }
  },
});
