import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_STATE_TEXTS, PLAYER_MESSAGES, type TAdminVideoMedia } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { probeMedia } from '../../adapters/video/local/ffmpeg';
import { assetDir } from '../../adapters/video/local/provider';
import { signedMediaBase } from '../../adapters/video/local/signing';
import {
  createLocalVideoHost,
  createVimeoVideoHost,
  type VideoHost,
  VideoHostError,
} from '../../adapters/vimeo';
import type { DbOrTx } from '../../db/client';
import { type MediaAssetRow, mediaAssets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findLiveImport, insertImportAsset, restartAsset } from './queries';
import { applyProviderAsset, findAssetById, PROCESS_QUEUE, setProgress } from './service';

/** A library clip rendered for Mux to fetch, beside the local HLS files (served by the signed media route). */
export const MUX_SOURCE_FILE = 'source.mp4';

export const IMPORT_QUEUE = 'media-import';

export const MEDIA_LINK_MESSAGE =
  'Use a video from the media library or Vimeo (press Fetch), or upload one with the upload wizard.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The source a video link names: `library:<id>` for the local media library's `/media/<id>`,
 * `vimeo:<id>[:hash]` for a Vimeo player or page link; null for anything else (decision 0033).
 */
export function importSourceOf(link: string): string | null {
  const library = /^\/media\/(\d{1,15})$/.exec(link);
  if (library) return `library:${library[1]}`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (host === 'player.vimeo.com') {
    const match = /^\/video\/(\d{1,15})\/?$/.exec(url.pathname);
    if (!match) return null;
    const hash = url.searchParams.get('h');
    return `vimeo:${match[1]}${hash && /^[0-9a-f]{1,20}$/i.test(hash) ? `:${hash}` : ''}`;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    const match = /^\/(\d{1,15})(?:\/([0-9a-f]{1,20}))?\/?$/i.exec(url.pathname);
    if (!match) return null;
    return `vimeo:${match[1]}${match[2] ? `:${match[2]}` : ''}`;
  }
  return null;
}

/**
 * The media a new video plays: an upload's asset (by its id), or an import of the source the link names,
 * created preparing (or shared with a live import of the same source). `isNew` imports must be queued
 * (`queueImports`) once the transaction commits.
 */
export async function resolveMediaLink(
  db: DbOrTx,
  link: string,
  field: string,
  owner: { title: string; adminId: string | null },
): Promise<{ assetId: string; isNew: boolean }> {
  if (UUID.test(link)) {
    const existing = await findAssetById(db, link);
    if (existing) return { assetId: existing.id, isNew: false };
  }
  const sourceRef = importSourceOf(link);
  if (!sourceRef)
    throw new AppError('VALIDATION_FAILED', MEDIA_LINK_MESSAGE, { fields: { [field]: MEDIA_LINK_MESSAGE } });
  const live = await findLiveImport(db, sourceRef);
  if (live) return { assetId: live.id, isNew: false };
  const row = await insertImportAsset(db, { title: owner.title, sourceRef, createdBy: owner.adminId });
  return { assetId: row.id, isNew: true };
}

export async function queueImports(app: FastifyInstance, assetIds: readonly string[]) {
  for (const assetId of assetIds) await app.jobs.send(IMPORT_QUEUE, { assetId }, { singletonKey: assetId });
}

/**
 * The import job's work. With Mux configured, the file goes to Mux as an upload's does (importToMux).
 * Otherwise the host's file comes into the asset's folder, checked to be a video, then processed by the
 * local pipeline exactly as an upload is (HLS ladder, poster, storyboard). Progress: 2% while fetching,
 * 10% once fetched, then the pipeline's share of the remaining 90%.
 */
export async function runImport(app: FastifyInstance, assetId: string, signal?: AbortSignal) {
  const row = await findAssetById(app.db, assetId);
  if (!row?.sourceRef || row.status === 'ready') return;
  const [source, ...rest] = row.sourceRef.split(':');
  const id = rest.join(':');
  const host =
    source === 'library'
      ? createLocalVideoHost(app.db)
      : app.config.vimeoToken
        ? createVimeoVideoHost({ token: app.config.vimeoToken })
        : null;
  if (!host) throw new VideoHostError('Vimeo is not configured on this server (VIMEO_TOKEN is missing).');
  if (app.video.mux || row.provider === 'mux') return importToMux(app, row, host, id, signal);
  const dir = assetDir(app.video.mediaRoot, row.id);
  await mkdir(dir, { recursive: true });
  const partial = join(dir, 'source.part');
  await setProgress(app.db, row.id, 2);
  await host.fetchSource(id, partial, { signal, maxBytes: app.config.video.uploadMaxBytes });
  if (!(await probeMedia(partial))) {
    await rm(partial, { force: true });
    throw new VideoHostError('The imported file is not a video that can be played.');
  }
  await rename(partial, join(dir, 'source'));
  await setProgress(app.db, row.id, 10);
  await app.video.local.process(
    row.id,
    (percent) => setProgress(app.db, row.id, 10 + Math.floor(percent * 0.9)),
    signal,
    (error) => app.log.warn({ err: error, assetId: row.id }, 'count grid not detected'),
  );
}

/** How long Mux may take to fetch a library clip from our signed URL. */
const MUX_FETCH_SECONDS = 24 * 3600;

/**
 * An import when Mux is the provider: Mux creates the asset from the file's download URL (Vimeo's file
 * link; a library clip is rendered here and offered through a signed media URL), and its state then follows
 * the Mux webhooks exactly as an upload's does (the asset carries our id as passthrough).
 */
async function importToMux(
  app: FastifyInstance,
  row: MediaAssetRow,
  host: VideoHost,
  id: string,
  signal?: AbortSignal,
) {
  const mux = app.video.mux;
  if (!mux) throw new VideoHostError('This import was sent to Mux, which is not configured on this server.');
  // A retried job whose asset Mux already has: the webhooks follow it, a second asset would be a duplicate.
  if (row.provider === 'mux' && row.externalId) return;
  // Ours as a Mux row before Mux knows the asset, so a fast webhook finds it by passthrough.
  await app.db
    .update(mediaAssets)
    .set({ provider: 'mux', progress: 2, updatedAt: new Date() })
    .where(eq(mediaAssets.id, row.id));
  let url = await host.sourceUrl(id, { maxBytes: app.config.video.uploadMaxBytes });
  if (!url) {
    const dir = join(assetDir(app.video.mediaRoot, row.id), 'hls');
    await mkdir(dir, { recursive: true });
    await host.fetchSource(id, join(dir, MUX_SOURCE_FILE), {
      signal,
      maxBytes: app.config.video.uploadMaxBytes,
    });
    const expiresAt = Math.floor(Date.now() / 1000) + MUX_FETCH_SECONDS;
    url = `${app.config.publicApiUrl}${signedMediaBase(app.video.secret, row.id, expiresAt)}/${MUX_SOURCE_FILE}`;
  }
  const asset = await mux.createAssetFromUrl({ url, passthrough: row.id });
  await setProgress(app.db, row.id, 10);
  const fresh = await findAssetById(app.db, row.id);
  if (fresh) await applyProviderAsset(app.db, fresh, asset);
}

/** Whether a failed asset can be prepared again: an import (fetched again) or a received local upload. */
const canPrepareAgain = (row: MediaAssetRow) =>
  row.sourceRef !== null || (row.provider === 'local' && row.durationSeconds !== null);

/** What the admin's card shows of a video's media. */
export function mediaStateOf(link: string | null, row: MediaAssetRow | undefined): TAdminVideoMedia {
  if (!row)
    return {
      state: 'missing',
      progress: 0,
      error: MEDIA_STATE_TEXTS.missingReason,
      canRetry: link !== null && importSourceOf(link) !== null,
    };
  if (row.status === 'ready') return { state: 'ready', progress: 100, error: null, canRetry: false };
  // Members play its lowest rendition while the others are encoded (decision 0057).
  if (row.status === 'playable')
    return { state: 'playable', progress: row.progress, error: null, canRetry: false };
  if (row.status === 'errored')
    return {
      state: 'failed',
      progress: row.progress,
      error: row.error ?? PLAYER_MESSAGES.mediaFailed,
      canRetry: canPrepareAgain(row),
    };
  return { state: 'preparing', progress: row.progress, error: null, canRetry: false };
}

/**
 * Prepares a link's media again: a failed import or upload restarts; a link without media that names a
 * source becomes a new import (its new asset id is returned, for the video row). Null when nothing is to
 * be done for this link (ready, preparing, or no link).
 */
export async function prepareAgain(
  app: FastifyInstance,
  link: string | null,
  owner: { title: string; adminId: string },
): Promise<{ assetId: string; link: string } | null> {
  if (!link) return null;
  const row = await findAssetById(app.db, link);
  if (!row) {
    if (!importSourceOf(link)) return null;
    const { assetId, isNew } = await resolveMediaLink(app.db, link, 'videoUrl', owner);
    if (isNew) await queueImports(app, [assetId]);
    return { assetId, link: assetId };
  }
  if (row.status !== 'errored' || !canPrepareAgain(row)) return null;
  // A failed Mux import gets a new Mux asset: the old one's id is forgotten.
  await restartAsset(app.db, row.id, {
    forgetProviderAsset: row.sourceRef !== null && row.provider === 'mux',
  });
  if (row.sourceRef) await queueImports(app, [row.id]);
  else await app.jobs.send(PROCESS_QUEUE, { assetId: row.id }, { singletonKey: row.id });
  return { assetId: row.id, link: row.id };
}
