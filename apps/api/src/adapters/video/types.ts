import type { SubtitleFile } from '../../db/schema';

/** A direct upload: the browser sends the file straight to `url` with PUT. */
export interface ProviderUpload {
  uploadId: string;
  url: string;
}

export interface ProviderUploadState {
  status: 'waiting' | 'asset_created' | 'errored' | 'cancelled' | 'timed_out';
  assetId: string | null;
  error: string | null;
}

export interface ProviderAsset {
  assetId: string;
  status: 'preparing' | 'ready' | 'errored';
  durationSeconds: number | null;
  /** The signed playback id (Mux); the local provider plays by asset id. */
  playbackId: string | null;
  maxHeight: number | null;
  /** What we passed at upload: our media asset row id. */
  passthrough: string | null;
  /** Text tracks that are ready. */
  subtitles: SubtitleFile[];
  error: string | null;
}

/** What the provider needs to sign a stream: the asset as we store it. */
export interface PlaybackRef {
  assetId: string;
  externalId: string | null;
  playbackId: string | null;
  posterUrl: string | null;
  hasStoryboard: boolean;
  subtitles: SubtitleFile[];
}

export interface SignedPlayback {
  hlsUrl: string;
  posterUrl: string | null;
  storyboardUrl: string | null;
  subtitles: { lang: string; label: string; url: string }[];
  /** The lowest rendition's playlist and first segment (decision 0069); null when the provider cannot tell. */
  start: { playlistUrl: string; segmentUrl: string } | null;
}

/**
 * The video provider of DESIGN.md: Mux in production, ffmpeg on local disk by default. Both answer the same
 * calls, so the upload wizard, the webhooks/jobs and the player do not know which one runs.
 */
export interface VideoProvider {
  readonly kind: 'local' | 'mux';
  /** A direct upload for the browser; `passthrough` (our asset id) comes back on the asset. */
  createDirectUpload(options: { passthrough: string; corsOrigin: string }): Promise<ProviderUpload>;
  getUpload(uploadId: string): Promise<ProviderUploadState | null>;
  getAsset(assetId: string): Promise<ProviderAsset | null>;
  deleteAsset(assetId: string): Promise<void>;
  /** Signed, expiring URLs of the stream, poster, storyboard and subtitles. */
  signPlayback(ref: PlaybackRef, expiresAt: Date): Promise<SignedPlayback>;
  /** A thumbnail at `seconds`: a stored public image (local) or a signed image URL (Mux). */
  thumbnailAt(ref: PlaybackRef, seconds: number, expiresAt: Date): Promise<string>;
}
