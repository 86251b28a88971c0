import type { TVimeoVideo } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaLibrary } from '../../db/schema';

/** The video host the add-video forms import from: Vimeo when configured, else the local media library. */
export interface VideoHost {
  readonly source: 'vimeo' | 'local';
  /** The video, or null when the host has no video with that id. */
  getVideo(id: string): Promise<TVimeoVideo | null>;
}

/** The host failed or answered something unusable; the message is safe to show an admin. */
export class VideoHostError extends Error {
  override name = 'VideoHostError';
}

/** The fields we read of Vimeo's video object (API 3.4). */
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
  return {
    source: 'vimeo',
    async getVideo(id) {
      // Unlisted videos are addressed as id:hash (Vimeo's own form).
      const path = id.split(':').map(encodeURIComponent).join(':');
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/videos/${path}?fields=${encodeURIComponent(VIMEO_FIELDS)}`, {
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
      if (!body || typeof body.name !== 'string' || !body.player_embed_url)
        throw new VideoHostError('Vimeo answered without the video details.');
      return toVideo(id, body);
    },
  };
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
  return {
    source: 'local',
    async getVideo(id) {
      const [row] = await db
        .select()
        .from(mediaLibrary)
        .where(eq(mediaLibrary.id, id.split(':')[0]!));
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
