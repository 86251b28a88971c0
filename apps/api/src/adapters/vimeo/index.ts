import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TVimeoVideo } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaLibrary } from '../../db/schema';
import { renderLibraryClip } from './library-clip';

export interface FetchSourceOptions {
  signal?: AbortSignal;
  /** The largest file accepted (the upload limit); a bigger one is refused with a VideoHostError. */
  maxBytes: number;
}

/** The video host the add-video forms import from: Vimeo when configured, else the local media library. */
export interface VideoHost {
  readonly source: 'vimeo' | 'local';
  /** The video, or null when the host has no video with that id. */
  getVideo(id: string): Promise<TVimeoVideo | null>;
  /**
   * Writes the video's file to `dest`, for the local pipeline to process (decision 0033). Fails with a
   * VideoHostError, whose message names the reason for the admin, when the host has no file to give.
   */
  fetchSource(id: string, dest: string, options: FetchSourceOptions): Promise<void>;
  /**
   * A download URL of the video's file that another service can fetch (Mux's "create asset from URL"),
   * or null when the host has no public URL (the local library's clips are rendered on this machine).
   */
  sourceUrl(id: string, options: { maxBytes: number }): Promise<string | null>;
}

/** The host failed or answered something unusable; the message is safe to show an admin. */
export class VideoHostError extends Error {
  override name = 'VideoHostError';
}

/** The fields we read of Vimeo's video object (API 3.4). */
interface VimeoFile {
  quality?: string | null;
  type?: string | null;
  width?: number | null;
  height?: number | null;
  size?: number | null;
  link?: string | null;
}

interface VimeoVideoResponse {
  uri?: string;
  name?: string | null;
  description?: string | null;
  duration?: number | null;
  player_embed_url?: string | null;
  pictures?: {
    base_link?: string | null;
    sizes?: { width: number; height: number; link: string }[] | null;
  } | null;
  tags?: { name?: string; tag?: string }[] | null;
  /** Downloadable renditions: only for videos the token's account owns, on plans that allow downloads. */
  download?: VimeoFile[] | null;
  files?: VimeoFile[] | null;
}

const VIMEO_FIELDS =
  'uri,name,description,duration,pictures.base_link,pictures.sizes,player_embed_url,tags.name';

export interface VimeoOptions {
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Vimeo's API: GET /videos/{id} with a bearer token, only the fields we use (which also raises the rate limit). */
export function createVimeoVideoHost({
  token,
  baseUrl = 'https://api.vimeo.com',
  fetch: customFetch,
}: VimeoOptions): VideoHost {
  // Looked up per call, so an instrumented global fetch (tracing, msw in tests) is honoured.
  const doFetch: typeof fetch = customFetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = async (id: string, fields: string): Promise<VimeoVideoResponse | null> => {
    // Unlisted videos are addressed as id:hash (Vimeo's own form).
    const path = id.split(':').map(encodeURIComponent).join(':');
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/videos/${path}?fields=${encodeURIComponent(fields)}`, {
        headers: {
          authorization: `bearer ${token}`,
          accept: 'application/vnd.vimeo.*+json;version=3.4',
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new VideoHostError('Vimeo could not be reached. Please try again.');
    }
    if (response.status === 404) return null;
    if (response.status === 401 || response.status === 403)
      throw new VideoHostError('Vimeo refused the request: check VIMEO_TOKEN and the video privacy.');
    if (response.status === 429)
      throw new VideoHostError('Vimeo rate limit reached. Please try again in a minute.');
    if (!response.ok) throw new VideoHostError(`Vimeo answered ${response.status}. Please try again.`);
    const body = (await response.json().catch(() => null)) as VimeoVideoResponse | null;
    if (!body) throw new VideoHostError('Vimeo answered without the video details.');
    return body;
  };
  /** The link of the file to import (see bestFile), refused with the reason when there is none. */
  const fileLink = async (id: string, maxBytes: number): Promise<string> => {
    const body = await call(id, 'download,files');
    if (!body) throw new VideoHostError(`Vimeo has no video with id ${id} (or the token cannot see it).`);
    const file = bestFile([...(body.download ?? []), ...(body.files ?? [])]);
    if (!file?.link)
      throw new VideoHostError(
        'Vimeo gives no file for this video: the token must belong to the account that owns it, on a plan that allows downloads.',
      );
    if (file.size && file.size > maxBytes)
      throw new VideoHostError('The Vimeo file is larger than the upload limit.');
    return file.link;
  };
  return {
    source: 'vimeo',
    async getVideo(id) {
      const body = await call(id, VIMEO_FIELDS);
      if (!body) return null;
      if (typeof body.name !== 'string' || !body.player_embed_url)
        throw new VideoHostError('Vimeo answered without the video details.');
      return toVideo(id, body);
    },
    async fetchSource(id, dest, { signal, maxBytes }) {
      await download(doFetch, await fileLink(id, maxBytes), dest, { signal, maxBytes });
    },
    sourceUrl: (id, { maxBytes }) => fileLink(id, maxBytes),
  };
}

/** The largest progressive MP4 (never the HLS or DASH manifests), up to 1080p, the player's top rendition. */
function bestFile(files: VimeoFile[]): VimeoFile | null {
  const mp4 = files.filter(
    (f) => f.link && (f.type === 'video/mp4' || f.quality === 'source') && f.quality !== 'hls',
  );
  const fits = mp4.filter((f) => (f.height ?? 0) <= 1080);
  const pool = fits.length > 0 ? fits : mp4;
  return pool.sort((a, b) => (b.height ?? 0) - (a.height ?? 0))[0] ?? null;
}

/** Streams a file to disk, stopping past `maxBytes`; a partial file is removed. */
async function download(
  doFetch: typeof fetch,
  url: string,
  dest: string,
  { signal, maxBytes }: FetchSourceOptions,
) {
  let response: Response;
  try {
    response = await doFetch(url, { signal: signal ?? null, redirect: 'follow' });
  } catch {
    throw new VideoHostError('The Vimeo file could not be downloaded. Please try again.');
  }
  if (!response.ok || !response.body)
    throw new VideoHostError(`The Vimeo file could not be downloaded (answer ${response.status}).`);
  let received = 0;
  const limit = async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      received += chunk.length;
      if (received > maxBytes) throw new VideoHostError('The Vimeo file is larger than the upload limit.');
      yield chunk;
    }
  };
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
      limit,
      createWriteStream(dest),
      { signal },
    );
  } catch (error) {
    await rm(dest, { force: true });
    if (error instanceof VideoHostError) throw error;
    throw new VideoHostError('The Vimeo file could not be downloaded. Please try again.');
  }
}

function toVideo(id: string, body: VimeoVideoResponse): TVimeoVideo {
  const largest = [...(body.pictures?.sizes ?? [])].sort((a, b) => b.width - a.width)[0];
  return {
    id: body.uri?.split('/').pop() ?? id,
    title: body.name ?? '',
    description: body.description ?? '',
    thumbnailUrl: largest?.link ?? body.pictures?.base_link ?? null,
    durationSeconds: Math.max(0, Math.floor(body.duration ?? 0)),
    videoUrl: body.player_embed_url ?? '',
    keywords: (body.tags ?? []).map((t) => t.name ?? t.tag ?? '').filter(Boolean),
  };
}

/** The embedded stand-in: videos of the local media library, kept in the database. */
export function createLocalVideoHost(db: DbOrTx): VideoHost {
  const find = async (id: string) => {
    const [row] = await db
      .select()
      .from(mediaLibrary)
      .where(eq(mediaLibrary.id, id.split(':')[0]!));
    return row ?? null;
  };
  return {
    source: 'local',
    async fetchSource(id, dest, { signal }) {
      const row = await find(id);
      if (!row) throw new VideoHostError(`No video with id ${id} in the media library.`);
      await renderLibraryClip(row, dest, signal);
    },
    sourceUrl: async () => null,
    async getVideo(id) {
      const row = await find(id);
      if (!row) return null;
      return {
        id: row.id,
        title: row.name,
        description: row.description,
        thumbnailUrl: row.thumbnailUrl,
        durationSeconds: row.durationSeconds,
        videoUrl: row.playerUrl,
        keywords: row.tags,
      };
    },
  };
}
