import { playlistEndpoints } from '@dance/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pathKey, queryKeyOf } from './query-keys';

describe('queryKeyOf', () => {
  it('derives the key from the path and the input', () => {
    expect(queryKeyOf(playlistEndpoints.get, { params: { playlistId: 'p1' } })).toEqual([
      'api',
      'playlists',
      ':playlistId',
      { params: { playlistId: 'p1' }, query: {} },
    ]);
    expect(queryKeyOf(playlistEndpoints.list, { query: { type: 'PL' } })).toEqual([
      'api',
      'playlists',
      { params: {}, query: { type: 'PL' } },
    ]);
  });

  it('makes the endpoint key and the path key prefixes that invalidate what is below them', async () => {
    const client = new QueryClient();
    const detail = queryKeyOf(playlistEndpoints.get, { params: { playlistId: 'p1' } });
    const list = queryKeyOf(playlistEndpoints.list, { query: { type: 'PL' } });
    client.setQueryData(detail, 1);
    client.setQueryData(list, 2);
    client.setQueryData(['api', 'home'], 3);

    await client.invalidateQueries({ queryKey: queryKeyOf(playlistEndpoints.get) });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(true);
    expect(client.getQueryState(list)?.isInvalidated).toBe(false);

    await client.invalidateQueries({ queryKey: pathKey('/playlists') });
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['api', 'home'])?.isInvalidated).toBe(false);
  });

  it('gives different inputs different keys', () => {
    expect(queryKeyOf(playlistEndpoints.list, { query: { type: 'PL' } })).not.toEqual(
      queryKeyOf(playlistEndpoints.list, { query: { type: 'SPL' } }),
    );
  });
});
