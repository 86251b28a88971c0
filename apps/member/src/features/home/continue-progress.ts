import type { ApiClient } from '@dance/api-client';
import { progressEndpoints } from '@dance/domain';

/** As many as the home answer's "Continue Watching" row holds. */
const ROW_SIZE = 12;

/**
 * How far the member got in each video still in progress (video id to 0..1), from the progress API the
 * player saves to. Its own chunk: the player contracts stay out of the home page's first JavaScript.
 */
export async function fetchContinueProgress(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const page = await client.call(progressEndpoints.history, {
    query: { page: 1, pageSize: ROW_SIZE, inProgress: 'true' },
    signal,
  });
  return Object.fromEntries(page.items.map((item) => [item.video.id, item.progress]));
}
