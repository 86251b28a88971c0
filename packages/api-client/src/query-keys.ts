import type { Endpoint } from '@dance/domain';
import type { Route } from './routes';

/** The input that makes one answer of an endpoint different from another: its path params and query. */
export interface QueryKeyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/**
 * A TanStack Query key derived from an endpoint, so no feature spells its keys by hand:
 * `['api', ...path segments, { params, query }]`. The path's segments come first, so a key is a prefix of
 * every key below it: `pathKey('/playlists')` invalidates the playlist lists and every playlist detail, and
 * `queryKeyOf(playlistEndpoints.get)` (no input) every detail. Only reads are cached, so the method is left out.
 */
export function queryKeyOf(endpoint: Endpoint | Route, input?: QueryKeyInput): readonly unknown[] {
  const key: unknown[] = pathKey(endpoint.path).slice();
  if (input && (input.params !== undefined || input.query !== undefined))
    key.push({ params: input.params ?? {}, query: input.query ?? {} });
  return key;
}

/** The key prefix of every cached answer under a path (`/playlists`, `/admin/videos`). */
export function pathKey(path: string): readonly string[] {
  return ['api', ...path.split('/').filter(Boolean)];
}
