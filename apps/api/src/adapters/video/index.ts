import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { readOrCreateFile } from '../../lib/secret-file';
import type { FileStore } from '../files';
import { LocalVideoProvider } from './local/provider';
import { MuxVideoProvider } from './mux/provider';

export type { PlaybackRef, ProviderAsset, SignedPlayback, VideoProvider } from './types';
export { LocalVideoProvider, MuxVideoProvider };

/**
 * The secret of signed local media URLs: MEDIA_URL_SECRET, or one generated on first run and kept under
 * DATA_DIR (so links survive a restart but never leave the machine).
 */
export function loadMediaSecret(config: AppConfig): string {
  if (config.video.mediaUrlSecret) return config.video.mediaUrlSecret;
  const dir = resolve(config.dataDir);
  const file = join(dir, 'media-url-secret');
  const generate = () => randomBytes(32).toString('base64url');
  if (config.inMemoryDatabase) return existsSync(file) ? readFileSync(file, 'utf8').trim() : generate();
  return readOrCreateFile(file, generate).trim();
}

export interface VideoAdapters {
  /** The provider new uploads go to: Mux when configured, otherwise local ffmpeg. */
  provider: LocalVideoProvider | MuxVideoProvider;
  /** Always present: demo media and earlier local uploads keep playing after Mux is configured. */
  local: LocalVideoProvider;
  mux: MuxVideoProvider | null;
  mediaRoot: string;
  secret: string;
}

export function createVideoAdapters(config: AppConfig, db: Db, files: FileStore): VideoAdapters {
  const mediaRoot = resolve(config.dataDir, 'media');
  mkdirSync(mediaRoot, { recursive: true });
  const secret = loadMediaSecret(config);
  const local = new LocalVideoProvider({
    db,
    mediaRoot,
    secret,
    files,
    uploadMaxBytes: config.video.uploadMaxBytes,
  });
  const mux = config.video.mux ? new MuxVideoProvider(config.video.mux) : null;
  return { provider: mux ?? local, local, mux, mediaRoot, secret };
}
