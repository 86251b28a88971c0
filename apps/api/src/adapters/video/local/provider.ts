import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { markVariants, type TCountGrid } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../../../db/client';
import { isPlayableStatus, type MediaAssetRow, mediaAssets, type Rendition } from '../../../db/schema';
import type { FileStore } from '../../files';
import { makeWebpVariants } from '../../files/variants';
import { detectMediaCountGrid } from '../count-grid';
import type { PlaybackRef, ProviderAsset, SignedPlayback, VideoProvider } from '../types';
import { probeMedia } from './ffmpeg';
import { runBeside } from './run-beside';
import { signedMediaBase, signUploadToken } from './signing';
import {
  extractFrame,
  measureRendition,
  planLadder,
  transcodeLadder,
  writeMasterPlaylist,
  writeStoryboard,
} from './transcode';

/**
 * Present in an asset's hls folder while it is processed: its master playlist still gains renditions, so
 * it is served uncached.
 */
export const PROCESSING_MARKER = 'processing';

/** The progress at which the lowest rendition plays (about the share of the first pass in the time). */
const PLAYABLE_PERCENT = 20;
/** The nice value of the higher renditions' ffmpeg, encoded beside the lowest (see process). */
const HIGHER_RENDITIONS_PRIORITY = 10;

/** Container types accepted for upload, as sniffed from the bytes (never the name or declared type). */
const VIDEO_TYPES = new Set([
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-matroska',
  'video/x-msvideo',
  'video/mpeg',
  'video/mp2t',
  'video/3gpp',
  'video/x-m4v',
]);

export class UploadRejected extends Error {
  override name = 'UploadRejected';
  constructor(
    readonly reason: 'too-large' | 'over-quota' | 'not-video' | 'unknown-upload' | 'already-received',
    message: string,
  ) {
    super(message);
  }
}

export interface LocalProviderOptions {
  db: Db;
  /** Root of the media folders: {mediaRoot}/{assetId}/source and /hls. */
  mediaRoot: string;
  secret: string;
  files: FileStore;
  uploadMaxBytes: number;
  uploadTtlSeconds?: number;
}

/** The media folder of an asset; an id can never climb out of the root. */
export function assetDir(mediaRoot: string, assetId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(assetId)) throw new Error(`Bad asset id ${assetId}`);
  const dir = resolve(mediaRoot, assetId);
  if (!dir.startsWith(resolve(mediaRoot) + sep)) throw new Error(`Bad asset id ${assetId}`);
  return dir;
}

const toProviderAsset = (row: MediaAssetRow): ProviderAsset => ({
  assetId: row.id,
  status: row.status === 'ready' ? 'ready' : row.status === 'errored' ? 'errored' : 'preparing',
  durationSeconds: row.durationSeconds,
  playbackId: isPlayableStatus(row.status) ? row.id : null,
  maxHeight: row.height,
  passthrough: row.id,
  subtitles: row.subtitles,
  error: row.error,
});

/**
 * The embedded video provider: uploads land on disk, ffmpeg makes an HLS ladder, a poster and a storyboard,
 * and the API serves them under signed, expiring URLs. Its state lives in media_assets rows.
 */
export class LocalVideoProvider implements VideoProvider {
  readonly kind = 'local' as const;
  constructor(private readonly options: LocalProviderOptions) {}

  private async row(assetId: string) {
    if (!/^[0-9a-f-]{36}$/.test(assetId)) return null;
    const [row] = await this.options.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    return row?.provider === 'local' ? row : null;
  }

  async createDirectUpload({ passthrough }: { passthrough: string; corsOrigin: string }) {
    const expiresAt = Math.floor(Date.now() / 1000) + (this.options.uploadTtlSeconds ?? 24 * 3600);
    const token = signUploadToken(this.options.secret, passthrough, expiresAt);
    return { uploadId: passthrough, url: `/api/v1/uploads/local/${passthrough}/${expiresAt}/${token}` };
  }

  async getUpload(uploadId: string) {
    const row = await this.row(uploadId);
    if (!row) return null;
    if (row.status === 'errored' && row.durationSeconds === null)
      return { status: 'errored' as const, assetId: null, error: row.error };
    return row.status === 'waiting'
      ? { status: 'waiting' as const, assetId: null, error: null }
      : { status: 'asset_created' as const, assetId: row.id, error: null };
  }

  async getAsset(assetId: string) {
    const row = await this.row(assetId);
    return row && row.status !== 'waiting' ? toProviderAsset(row) : null;
  }

  async deleteAsset(assetId: string) {
    await rm(assetDir(this.options.mediaRoot, assetId), { recursive: true, force: true });
  }

  async signPlayback(ref: PlaybackRef, expiresAt: Date): Promise<SignedPlayback> {
    const base = signedMediaBase(this.options.secret, ref.assetId, Math.floor(expiresAt.getTime() / 1000));
    return {
      hlsUrl: `${base}/master.m3u8`,
      posterUrl: ref.posterUrl,
      storyboardUrl: ref.hasStoryboard ? `${base}/storyboard.vtt` : null,
      subtitles: ref.subtitles.map((s) => ({ lang: s.lang, label: s.label, url: `${base}/${s.ref}` })),
      start: await this.startFiles(ref.assetId).then((files) =>
        files ? { playlistUrl: `${base}/${files.playlist}`, segmentUrl: `${base}/${files.segment}` } : null,
      ),
    };
  }

  /**
   * The files a start from 0 asks for first (decision 0069), read from the asset's own playlists: the master's
   * first variant (it lists the lowest first, hls.js's start) and that playlist's first segment. Null while they
   * are not written.
   */
  private async startFiles(assetId: string): Promise<{ playlist: string; segment: string } | null> {
    const hls = join(assetDir(this.options.mediaRoot, assetId), 'hls');
    const firstUri = (text: string) => text.split('\n').find((line) => line.trim() && !line.startsWith('#'));
    try {
      const playlist = firstUri(await readFile(join(hls, 'master.m3u8'), 'utf8'))?.trim();
      if (!playlist || playlist.includes('..')) return null;
      const segment = firstUri(await readFile(join(hls, playlist), 'utf8'))?.trim();
      if (!segment || segment.includes('..') || segment.includes('/')) return null;
      return { playlist, segment: `${playlist.slice(0, playlist.lastIndexOf('/') + 1)}${segment}` };
    } catch {
      return null;
    }
  }

  async thumbnailAt(ref: PlaybackRef, seconds: number): Promise<string> {
    const row = await this.row(ref.assetId);
    if (!row || !isPlayableStatus(row.status)) throw new Error('Asset is not ready');
    const dir = assetDir(this.options.mediaRoot, row.id);
    const at = Math.min(Math.max(0, seconds), Math.max(0, (row.durationSeconds ?? 1) - 0.5));
    // Demo clips loop a few seconds of picture: the frame at the same point of the loop.
    const input = row.isDemo ? join(dir, 'hls', '720p', 'index.m3u8') : join(dir, 'source');
    const out = join(tmpdir(), `chapter-${row.id}-${Date.now()}.jpg`);
    try {
      await extractFrame(input, row.isDemo ? at % 8 : at, out, 480);
      const { url } = await this.options.files.put(
        `chapters/${row.id}/${Math.round(at)}.jpg`,
        await readFile(out),
        'image/jpeg',
      );
      return url;
    } finally {
      await rm(out, { force: true });
    }
  }

  /**
   * Receives the browser's PUT: streams to disk with the size limit, then checks from the bytes that it is a
   * video ffmpeg can read. A refused upload leaves the asset waiting for another try.
   */
  /** `quotaBytes`: what is left of the uploader's video quota (refused as 'over-quota' past it). */
  async receiveUpload(
    uploadId: string,
    body: Readable,
    quotaBytes = Number.POSITIVE_INFINITY,
  ): Promise<MediaAssetRow> {
    const row = await this.row(uploadId);
    if (!row) throw new UploadRejected('unknown-upload', 'Unknown upload');
    if (row.status !== 'waiting')
      throw new UploadRejected('already-received', 'This upload was already received');
    const dir = assetDir(this.options.mediaRoot, row.id);
    await mkdir(dir, { recursive: true });
    const partial = join(dir, 'source.part');
    const limit = this.options.uploadMaxBytes;
    let received = 0;
    const out = createWriteStream(partial);
    // The file's errors are read where they matter (out.errored, once(...) below). Without a listener, a write
    // still in flight when the upload fails (the browser went away) made destroy() emit ERR_STREAM_DESTROYED
    // unhandled, and that ended the API process.
    out.on('error', () => {});
    try {
      for await (const chunk of body) {
        received += (chunk as Buffer).length;
        if (received > limit) throw new UploadRejected('too-large', 'too large');
        if (received > quotaBytes) throw new UploadRejected('over-quota', 'over the upload quota');
        if (out.errored) throw out.errored;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      if (out.errored) throw out.errored;
      out.end();
      await once(out, 'finish');
      const type = await fileTypeFromFile(partial);
      if (!type || !VIDEO_TYPES.has(type.mime)) throw new UploadRejected('not-video', 'not a video');
      const probe = await probeMedia(partial);
      if (!probe) throw new UploadRejected('not-video', 'not a readable video');
      await rename(partial, join(dir, 'source'));
      const [updated] = await this.options.db
        .update(mediaAssets)
        .set({
          status: 'processing',
          progress: 0,
          durationSeconds: probe.durationSeconds,
          width: probe.width,
          height: probe.height,
          error: null,
          updatedAt: new Date(),
        })
        .where(eq(mediaAssets.id, row.id))
        .returning();
      return updated!;
    } catch (error) {
      out.destroy();
      await finished(out).catch(() => {});
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * The poster, and its WebP variants beside it (decision 0063), its URL marked with their widths: the cards
   * that show it (a video's thumbnail when none was uploaded) and a phone's player take a copy of their size
   * rather than the 1280 px JPEG. Without variants (libvips could not read the frame) the JPEG alone.
   */
  private async storePoster(assetId: string, jpeg: Buffer): Promise<string> {
    const key = `posters/${assetId}.jpg`;
    const { url } = await this.options.files.put(key, jpeg, 'image/jpeg');
    const variants = await makeWebpVariants(jpeg, key).catch(() => []);
    await Promise.all(variants.map((v) => this.options.files.put(v.key, v.body, 'image/webp')));
    return markVariants(
      url,
      variants.map((v) => v.width),
    );
  }

  /**
   * The processing job, lowest rendition first (decision 0057): the 360p alone (its own decode of the
   * source), its master playlist, the poster and the storyboard; the asset is then `playable` and members
   * get the 360p while the other renditions are encoded together (one more decode); the master then lists
   * them all and the asset is `ready`. Safe to run again after a crash: it starts over.
   */
  async process(
    assetId: string,
    onProgress: (percent: number) => Promise<void>,
    signal?: AbortSignal,
    onGridFailed?: (error: unknown) => void,
  ) {
    const row = await this.row(assetId);
    if (!row) throw new Error(`Unknown asset ${assetId}`);
    const dir = assetDir(this.options.mediaRoot, row.id);
    const source = join(dir, 'source');
    await stat(source);
    const probe = await probeMedia(source);
    if (!probe) throw new Error('The uploaded file is not a readable video');
    const hlsDir = join(dir, 'hls');
    // Started over (a retry after a crash): not playable while its files are made again.
    if (row.status === 'playable')
      await this.options.db
        .update(mediaAssets)
        .set({ status: 'processing', updatedAt: new Date() })
        .where(eq(mediaAssets.id, row.id));
    await rm(hlsDir, { recursive: true, force: true });
    const ladder = planLadder(probe.height);
    for (const plan of ladder) await mkdir(join(hlsDir, plan.name), { recursive: true });
    // While this marker exists the master playlist is served uncached: it gains renditions (media routes).
    await writeFile(join(hlsDir, PROCESSING_MARKER), '');
    let lastReported = -1;
    let pending: Promise<void> = Promise.resolve();
    const report = (percent: number) => {
      if (percent <= lastReported) return;
      lastReported = percent;
      pending = pending.then(() => onProgress(percent));
    };
    // The count grid is read from the audio beside the transcode (its own ffmpeg decode, on the other core):
    // it adds little to the processing time. An admin's correction is kept; a failed detection leaves the
    // grid unknown rather than failing the video.
    const countGrid: Promise<TCountGrid | null> =
      row.countGrid?.source === 'admin'
        ? Promise.resolve(row.countGrid)
        : probe.hasAudio
          ? detectMediaCountGrid(source, signal).catch((error: unknown) => {
              if (signal?.aborted) throw error;
              onGridFailed?.(error);
              return null;
            })
          : Promise.resolve({ noCounts: true, sections: [], source: 'detected' });
    const input = {
      source,
      outDir: hlsDir,
      durationSeconds: probe.durationSeconds,
      hasAudio: probe.hasAudio,
      signal,
    };
    const aspect = probe.width / probe.height || 16 / 9;
    const renditions: (Rendition & { name: string; codec: string })[] = [];
    const measure = async (plans: typeof ladder) => {
      for (const plan of plans)
        renditions.push({
          ...(await measureRendition(hlsDir, plan, aspect)),
          name: plan.name,
          codec: plan.codec,
        });
    };
    // Shares of the bar, from the measured times of the two passes (decision 0057).
    const [lowest, ...rest] = ladder;
    const firstShare = rest.length ? PLAYABLE_PERCENT - 2 : 88;
    const playableAt = rest.length ? PLAYABLE_PERCENT : 90;
    // The higher renditions are encoded beside the lowest, at a low CPU priority: they take what the lowest's
    // pass leaves idle (its decode and its small encode do not keep two cores busy, and the poster and the
    // storyboard between the passes less so), so the video is playable about as soon and ready sooner
    // (decision 0057's second addendum). Stopped with the job, or when the lowest fails.
    let isPlayable = false;
    let higherDone = 0;
    const reportHigher = () => {
      if (isPlayable) report(playableAt + Math.floor(higherDone * (96 - playableAt)));
    };
    const encodeHigher = (stop: AbortSignal) =>
      rest.length
        ? transcodeLadder({ ...input, signal: stop, priority: HIGHER_RENDITIONS_PRIORITY }, rest, (f) => {
            higherDone = f;
            reportHigher();
          })
        : Promise.resolve();
    const { result: posterUrl, background: higherPass } = await runBeside(
      async () => {
        await transcodeLadder(input, [lowest!], (fraction) => report(Math.floor(fraction * firstShare)));
        await pending;
        await measure([lowest!]);
        await writeMasterPlaylist(hlsDir, renditions, probe.hasAudio);
        const posterFile = join(hlsDir, 'poster.jpg');
        await extractFrame(source, Math.min(1, probe.durationSeconds / 3), posterFile);
        const poster = await this.storePoster(row.id, await readFile(posterFile));
        await writeStoryboard(join(hlsDir, lowest!.name, 'index.m3u8'), hlsDir, probe.durationSeconds);
        if (rest.length) {
          // Playable: the lowest rendition plays while the others are encoded.
          await this.options.db
            .update(mediaAssets)
            .set({
              status: 'playable',
              progress: playableAt,
              durationSeconds: probe.durationSeconds,
              width: probe.width,
              height: probe.height,
              renditions: renditions.map(({ height, width, bandwidth }) => ({ height, width, bandwidth })),
              posterUrl: poster,
              hasStoryboard: true,
              error: null,
              updatedAt: new Date(),
            })
            .where(eq(mediaAssets.id, row.id));
          lastReported = playableAt;
          isPlayable = true;
          reportHigher();
        }
        return poster;
      },
      encodeHigher,
      signal,
    );
    await higherPass;
    if (rest.length) {
      await pending;
      await measure(rest);
      await writeMasterPlaylist(hlsDir, renditions, probe.hasAudio);
    }
    const grid = await countGrid;
    await rm(join(hlsDir, PROCESSING_MARKER), { force: true });
    const [updated] = await this.options.db
      .update(mediaAssets)
      .set({
        status: 'ready',
        progress: 100,
        durationSeconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
        renditions: renditions.map(({ height, width, bandwidth }) => ({ height, width, bandwidth })),
        posterUrl,
        hasStoryboard: true,
        countGrid: grid,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(mediaAssets.id, row.id))
      .returning();
    return updated!;
  }
}
