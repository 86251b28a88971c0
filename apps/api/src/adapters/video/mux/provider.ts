import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import Mux from '@mux/mux-node';
import type { SubtitleFile } from '../../../db/schema';
import type {
  PlaybackRef,
  ProviderAsset,
  ProviderUploadState,
  SignedPlayback,
  VideoProvider,
} from '../types';

export interface MuxOptions {
  tokenId: string;
  tokenSecret: string;
  webhookSecret: string;
  signingKey: string;
  privateKey: string;
  /** Overrides every Mux host (api, stream, image): tests and a local stand-in. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The fields we read from a Mux asset (the API's Asset and the webhooks' WebhookAsset both have them). */
export interface MuxAssetLike {
  id: string;
  status: 'preparing' | 'ready' | 'errored';
  duration?: number;
  passthrough?: string;
  resolution_tier?: string;
  playback_ids?: { id: string; policy: string }[];
  tracks?: { id?: string; type?: string; status?: string; language_code?: string; name?: string }[];
  errors?: { type?: string; messages?: string[] };
}

/** The Mux asset as our provider contract describes it. */
export function toProviderAsset(asset: MuxAssetLike): ProviderAsset {
  const signed = asset.playback_ids?.find((p) => p.policy === 'signed') ?? null;
  const subtitles: SubtitleFile[] = (asset.tracks ?? [])
    .filter((t) => t.type === 'text' && t.status === 'ready' && t.id)
    .map((t) => ({
      lang: t.language_code ?? 'en',
      label: t.name ?? t.language_code ?? 'Subtitles',
      ref: t.id!,
    }));
  const heights: Record<string, number> = { '720p': 720, '1080p': 1080, '1440p': 1440, '2160p': 2160 };
  return {
    assetId: asset.id,
    status: asset.status,
    durationSeconds: asset.duration ?? null,
    playbackId: signed?.id ?? null,
    maxHeight: asset.resolution_tier ? (heights[asset.resolution_tier] ?? null) : null,
    passthrough: asset.passthrough ?? null,
    subtitles,
    error: asset.errors?.messages?.join(' ') ?? asset.errors?.type ?? null,
  };
}

const isNotFound = (error: unknown) => error instanceof Mux.NotFoundError;

/**
 * Where the audio-only static rendition (`audio.m4a`) of an asset stands, the input of its count grid
 * (decision 0055): `missing` when the asset was made without one (older assets), `unavailable` when Mux
 * skipped or failed it.
 */
export interface MuxAudioState {
  hasAudio: boolean;
  status: 'ready' | 'preparing' | 'missing' | 'unavailable';
}

/** Every asset we create asks for an audio-only static rendition: the count grid is read from it. */
const AUDIO_RENDITION = [{ resolution: 'audio-only' as const }];

/**
 * Mux: direct uploads from the browser (with cors_origin), signed playback ids only, and JWT-signed URLs for
 * the stream, thumbnails and the storyboard. Modifiers of signed URLs (time, width) must be JWT claims.
 */
export class MuxVideoProvider implements VideoProvider {
  readonly kind = 'mux' as const;
  readonly client: Mux;
  private readonly streamBase: string;
  private readonly imageBase: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: MuxOptions) {
    this.fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
    this.client = new Mux({
      tokenId: options.tokenId,
      tokenSecret: options.tokenSecret,
      webhookSecret: options.webhookSecret,
      jwtSigningKey: options.signingKey,
      jwtPrivateKey: options.privateKey,
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      maxRetries: 1,
    });
    // baseURL overrides every Mux host: keep stream and image URLs on it too (a stand-in serves all).
    this.streamBase = options.baseUrl ? options.baseUrl.replace(/\/$/, '') : 'https://stream.mux.com';
    this.imageBase = options.baseUrl ? options.baseUrl.replace(/\/$/, '') : 'https://image.mux.com';
  }

  async createDirectUpload({ passthrough, corsOrigin }: { passthrough: string; corsOrigin: string }) {
    const upload = await this.client.video.uploads.create({
      cors_origin: corsOrigin,
      new_asset_settings: {
        playback_policies: ['signed'],
        passthrough,
        video_quality: 'plus',
        max_resolution_tier: '2160p',
        inputs: [{ generated_subtitles: [{ language_code: 'en', name: 'English (generated)' }] }],
        static_renditions: AUDIO_RENDITION,
      },
      timeout: 24 * 3600,
    });
    if (!upload.url) throw new Error('Mux answered a direct upload without a URL');
    return { uploadId: upload.id, url: upload.url };
  }

  /**
   * An asset made from a file Mux downloads itself (an import): the same settings as a direct upload's,
   * `passthrough` (our asset id) coming back on the webhooks that follow its state.
   */
  async createAssetFromUrl({ url, passthrough }: { url: string; passthrough: string }) {
    const asset = await this.client.video.assets.create({
      inputs: [{ url, generated_subtitles: [{ language_code: 'en', name: 'English (generated)' }] }],
      playback_policies: ['signed'],
      passthrough,
      video_quality: 'plus',
      max_resolution_tier: '2160p',
      static_renditions: AUDIO_RENDITION,
    });
    return toProviderAsset(asset);
  }

  async getUpload(uploadId: string): Promise<ProviderUploadState | null> {
    try {
      const upload = await this.client.video.uploads.retrieve(uploadId);
      return {
        status: upload.status,
        assetId: upload.asset_id ?? null,
        error: upload.error?.message ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getAsset(assetId: string): Promise<ProviderAsset | null> {
    try {
      return toProviderAsset(await this.client.video.assets.retrieve(assetId));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async deleteAsset(assetId: string) {
    try {
      await this.client.video.assets.delete(assetId);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** The asset's audio-only static rendition, or null when Mux does not know the asset. */
  async audioRendition(assetId: string): Promise<MuxAudioState | null> {
    let asset: Awaited<ReturnType<Mux['video']['assets']['retrieve']>>;
    try {
      asset = await this.client.video.assets.retrieve(assetId);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const hasAudio = (asset.tracks ?? []).some((t) => t.type === 'audio');
    const file = (asset.static_renditions?.files ?? []).find(
      (f) => f.name === 'audio.m4a' || f.resolution === 'audio-only',
    );
    const status = !file
      ? 'missing'
      : file.status === 'ready'
        ? 'ready'
        : file.status === 'preparing' || file.status === undefined
          ? 'preparing'
          : 'unavailable';
    return { hasAudio, status };
  }

  /** Asks Mux to make the audio-only static rendition of an asset created without one. */
  async requestAudioRendition(assetId: string) {
    await this.client.video.assets.createStaticRendition(assetId, AUDIO_RENDITION[0]!);
  }

  /**
   * Downloads the audio-only static rendition (`audio.m4a`, signed like the stream) to `file`. Its bytes
   * go to disk as they come: ffmpeg then reads a local file.
   */
  async downloadAudio(playbackId: string, file: string, signal?: AbortSignal) {
    const token = await this.client.jwt.signPlaybackId(playbackId, { type: 'video', expiration: '600s' });
    const response = await this.fetchImpl(`${this.streamBase}/${playbackId}/audio.m4a?token=${token}`, {
      signal,
    });
    if (!response.ok || !response.body)
      throw new Error(`Mux answered ${response.status} for the audio rendition of ${playbackId}`);
    await pipeline(
      Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
      createWriteStream(file),
      { signal },
    );
  }

  private expiration(expiresAt: Date) {
    return `${Math.max(60, Math.floor((expiresAt.getTime() - Date.now()) / 1000))}s`;
  }

  async signPlayback(ref: PlaybackRef, expiresAt: Date): Promise<SignedPlayback> {
    const pid = ref.playbackId;
    if (!pid) throw new Error('Asset has no signed playback id');
    const expiration = this.expiration(expiresAt);
    // The README's multi-token example says "playback": the claim keys are video/thumbnail/storyboard.
    const tokens = await this.client.jwt.signPlaybackId(pid, {
      type: ['video', ['thumbnail', { time: '1', width: '1280' }], 'storyboard'],
      expiration,
      params: { max_resolution: '2160p' },
    });
    const video = tokens['playback-token'];
    return {
      hlsUrl: `${this.streamBase}/${pid}.m3u8?token=${video}`,
      posterUrl: `${this.imageBase}/${pid}/thumbnail.jpg?token=${tokens['thumbnail-token']}`,
      storyboardUrl: `${this.imageBase}/${pid}/storyboard.vtt?token=${tokens['storyboard-token']}`,
      subtitles: ref.subtitles.map((s) => ({
        lang: s.lang,
        label: s.label,
        url: `${this.streamBase}/${pid}/text/${s.ref}.vtt?token=${video}`,
      })),
      // Mux names its segments in its own playlists only.
      start: null,
    };
  }

  async thumbnailAt(ref: PlaybackRef, seconds: number, expiresAt: Date): Promise<string> {
    const pid = ref.playbackId;
    if (!pid) throw new Error('Asset has no signed playback id');
    const token = await this.client.jwt.signPlaybackId(pid, {
      type: 'thumbnail',
      expiration: this.expiration(expiresAt),
      params: { time: String(seconds), width: '480' },
    });
    return `${this.imageBase}/${pid}/thumbnail.jpg?token=${token}`;
  }

  /** Verifies the signature on the raw string body (async since 14.0.1: always awaited) and parses it. */
  async unwrapWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>) {
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') flat[k] = v;
    return this.client.webhooks.unwrap(rawBody, flat);
  }
}
