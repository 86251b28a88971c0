import { PLAYER_LIMITS, PLAYER_MESSAGES, type TDirectUploadState, type TStream } from '@dance/domain';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlaybackRef, ProviderAsset, VideoProvider } from '../../adapters/video';
import type { DbOrTx } from '../../db/client';
import { isPlayableStatus, type MediaAssetRow, mediaAssets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queueMuxCountGrid } from './mux-count-grid';

export const PROCESS_QUEUE = 'media-process';

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export async function findAssetById(db: DbOrTx, id: string): Promise<MediaAssetRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return row ?? null;
}

export async function findAssetByUpload(db: DbOrTx, uploadId: string): Promise<MediaAssetRow | null> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.uploadId, uploadId));
  return row ?? null;
}

export const toPlaybackRef = (row: MediaAssetRow): PlaybackRef => ({
  assetId: row.id,
  externalId: row.externalId,
  playbackId: row.playbackId,
  posterUrl: row.posterUrl,
  hasStoryboard: row.hasStoryboard,
  subtitles: row.subtitles,
});

export function providerOf(app: FastifyInstance, row: Pick<MediaAssetRow, 'provider'>): VideoProvider {
  if (row.provider === 'mux') {
    if (!app.video.mux) throw new AppError('NOT_CONFIGURED', 'Mux is not configured on this server.');
    return app.video.mux;
  }
  return app.video.local;
}

/** A direct upload created from a title: our asset row first, so the provider echoes its id back. */
export async function createDirectUpload(app: FastifyInstance, title: string, adminId: string) {
  const provider = app.video.provider;
  const [row] = await app.db
    .insert(mediaAssets)
    .values({ provider: provider.kind, title, createdBy: adminId })
    .returning();
  try {
    const upload = await provider.createDirectUpload({
      passthrough: row!.id,
      corsOrigin: app.config.adminAppUrl,
    });
    await app.db.update(mediaAssets).set({ uploadId: upload.uploadId }).where(eq(mediaAssets.id, row!.id));
    return { uploadId: upload.uploadId, url: upload.url, provider: provider.kind };
  } catch (error) {
    await app.db.delete(mediaAssets).where(eq(mediaAssets.id, row!.id));
    app.log.error({ err: error }, 'direct upload failed');
    throw new AppError('UPSTREAM_FAILED', PLAYER_MESSAGES.uploadFailedTryAgain);
  }
}

const STATUS_ORDER = { waiting: 0, processing: 1, playable: 1.5, ready: 2, errored: 2 } as const;
type AssetStatus = keyof typeof STATUS_ORDER;

/**
 * Whether a status reported at `at` (Mux's own time of the event; null when unknown, e.g. polled) may
 * replace the row's. Never backwards (a late "created" does not undo ready or errored). Between the two
 * ends, ready outranks errored: an error replaces ready only when Mux stamped it later than the ready, and
 * a ready replaces an error unless the error is the later one. A same-status event older than the one that
 * set the row changes nothing either. `finalError` (the asset was deleted at Mux) wins without timestamps.
 */
export function statusMayChange(
  row: Pick<MediaAssetRow, 'status' | 'statusAt'>,
  status: AssetStatus,
  at: Date | null,
  finalError = false,
): boolean {
  if (STATUS_ORDER[status] < STATUS_ORDER[row.status]) return false;
  const isNewer = at !== null && row.statusAt !== null && at.getTime() > row.statusAt.getTime();
  const isOlder = at !== null && row.statusAt !== null && at.getTime() < row.statusAt.getTime();
  if (row.status === 'ready' && status === 'errored') return isNewer || (finalError && !isOlder);
  if (row.status === 'errored' && status === 'ready') return !isOlder;
  return !isOlder;
}

/**
 * Applies what the provider says about an asset to our row. Idempotent and monotonic: a late or repeated
 * "created" never takes a ready asset back to processing, and a late "errored" never replaces ready.
 */
export async function applyProviderAsset(
  db: DbOrTx,
  row: MediaAssetRow,
  asset: ProviderAsset,
  at: Date | null = null,
) {
  const status = asset.status === 'ready' ? 'ready' : asset.status === 'errored' ? 'errored' : 'processing';
  if (!statusMayChange(row, status, at)) return row;
  const isEnd = status === 'ready' || status === 'errored';
  const [updated] = await db
    .update(mediaAssets)
    .set({
      externalId: asset.assetId,
      status,
      progress: status === 'ready' ? 100 : row.progress,
      durationSeconds: asset.durationSeconds ?? row.durationSeconds,
      playbackId: asset.playbackId ?? row.playbackId,
      height: asset.maxHeight ?? row.height,
      // A snapshot adds the tracks it knows; it never drops one a (later) track event added, nor brings
      // back one deleted at Mux.
      subtitles: [
        ...row.subtitles.filter((s) => !asset.subtitles.some((a) => a.ref === s.ref)),
        ...asset.subtitles.filter((a) => !row.deletedTracks.includes(a.ref)),
      ],
      error: status === 'errored' ? (asset.error ?? PLAYER_MESSAGES.mediaFailed) : null,
      statusAt: isEnd ? (at ?? (status === row.status ? row.statusAt : null)) : row.statusAt,
      updatedAt: new Date(),
    })
    .where(eq(mediaAssets.id, row.id))
    .returning();
  return updated!;
}

export function toUploadState(row: MediaAssetRow): TDirectUploadState {
  return {
    uploadId: row.uploadId ?? row.id,
    status: row.status,
    progress: row.status === 'ready' ? 100 : row.progress,
    // Playable (the lowest rendition done, decision 0057): the wizard may go on while the rest finish.
    videoLink: isPlayableStatus(row.status) ? row.id : null,
    playbackId: isPlayableStatus(row.status) ? (row.playbackId ?? row.id) : null,
    durationSeconds: row.durationSeconds === null ? null : Math.floor(row.durationSeconds),
    error: row.error,
  };
}

/**
 * The status the wizard polls every 4 s. Mux rows are refreshed from Mux while not ready, so uploads also
 * finish where webhooks cannot reach the server (a laptop).
 */
export async function refreshUpload(app: FastifyInstance, uploadId: string): Promise<TDirectUploadState> {
  let row = await findAssetByUpload(app.db, uploadId);
  if (!row) throw new AppError('NOT_FOUND', 'Unknown upload');
  if (row.provider === 'mux' && row.status !== 'ready' && row.status !== 'errored') {
    const provider = providerOf(app, row);
    const upload = await provider.getUpload(uploadId);
    if (upload?.status === 'errored' || upload?.status === 'cancelled' || upload?.status === 'timed_out') {
      const [errored] = await app.db
        .update(mediaAssets)
        .set({
          status: 'errored',
          error: upload.error ?? PLAYER_MESSAGES.uploadFailed,
          updatedAt: new Date(),
        })
        .where(eq(mediaAssets.id, row.id))
        .returning();
      row = errored!;
    } else if (upload?.assetId) {
      const asset = await provider.getAsset(upload.assetId);
      if (asset) row = await applyProviderAsset(app.db, row, asset);
      // Ready without a webhook (a laptop): the count grid is read now, as the ready event would do.
      if (row.status === 'ready') await queueMuxCountGrid(app, row.id);
    }
  }
  return toUploadState(row);
}

/**
 * Import by asset id (spec 3 §7 GET /admin/mux-asset): a local media id, or a Mux asset id when Mux is
 * configured. The asset gets (or keeps) a row of ours, ready to be linked to a video.
 */
export async function importAsset(app: FastifyInstance, assetId: string, adminId: string) {
  const failed = () => new AppError('NOT_FOUND', PLAYER_MESSAGES.muxAssetFailed);
  const own = isUuid(assetId)
    ? await app.db
        .select()
        .from(mediaAssets)
        .where(or(eq(mediaAssets.id, assetId), eq(mediaAssets.externalId, assetId)))
    : await app.db.select().from(mediaAssets).where(eq(mediaAssets.externalId, assetId));
  let row = own[0] ?? null;
  if (app.video.mux && (!row || row.provider === 'mux')) {
    const asset = await app.video.mux.getAsset(row?.externalId ?? assetId).catch(() => null);
    if (!asset) throw failed();
    if (!row) {
      const [created] = await app.db
        .insert(mediaAssets)
        .values({
          provider: 'mux',
          externalId: asset.assetId,
          title: '',
          createdBy: adminId,
          status: 'processing',
        })
        .onConflictDoNothing()
        .returning();
      row =
        created ??
        (await app.db.select().from(mediaAssets).where(eq(mediaAssets.externalId, asset.assetId)))[0]!;
    }
    row = await applyProviderAsset(app.db, row, asset);
    // An existing Mux asset taken in by its id: its count grid is read as after a ready event.
    if (row.status === 'ready' && row.countGrid === null) await queueMuxCountGrid(app, row.id);
  }
  if (!row) throw failed();
  if (row.status !== 'ready') throw new AppError('MEDIA_NOT_READY', PLAYER_MESSAGES.mediaNotReady);
  return {
    title: row.title,
    videoLink: row.id,
    playbackId: row.playbackId ?? row.id,
    durationSeconds: Math.floor(row.durationSeconds ?? 0),
    thumbnailUrl: row.posterUrl,
  };
}

/** Signed stream URLs of a ready asset, valid until `expiresAt`. */
export async function signStream(
  app: FastifyInstance,
  row: MediaAssetRow,
  expiresAt: Date,
): Promise<TStream> {
  const signed = await providerOf(app, row).signPlayback(toPlaybackRef(row), expiresAt);
  return {
    provider: row.provider,
    hlsUrl: signed.hlsUrl,
    posterUrl: signed.posterUrl,
    storyboardUrl: signed.storyboardUrl,
    subtitles: signed.subtitles,
    durationSeconds: row.durationSeconds ?? 0,
    maxResolution: PLAYER_LIMITS.maxResolution,
    countGrid: row.countGrid ?? null,
    start: signed.start,
  };
}

/** Progress of the local processing job, written as it goes so the wizard's poll sees it move. */
export async function setProgress(db: DbOrTx, assetId: string, percent: number) {
  await db
    .update(mediaAssets)
    .set({ progress: percent, updatedAt: new Date() })
    .where(eq(mediaAssets.id, assetId));
}

export async function markErrored(db: DbOrTx, assetId: string, message: string) {
  await db
    .update(mediaAssets)
    .set({ status: 'errored', error: message, updatedAt: new Date() })
    .where(eq(mediaAssets.id, assetId));
}
