import { describe, expect, it } from 'vitest';
import { ZAddToPlaylistsRequest, ZReorderRequest } from './contracts';
import { moveItem, selectNextUp, shuffleItems, toPositions } from './order';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('playlist order helpers', () => {
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
  it('shuffles into a permutation', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    const shuffled = shuffleItems(list, () => 0);
    expect([...shuffled].sort()).toEqual(list);
    expect(shuffled).not.toEqual(list);
  });
  it('numbers positions from 1 and lists what follows a video', () => {
    expect(toPositions(['x', 'y'])).toEqual([
      { videoId: 'x', position: 1 },
      { videoId: 'y', position: 2 },
    ]);
    const videos = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(selectNextUp(videos, 'a').map((v) => v.id)).toEqual(['b', 'c']);
    expect(selectNextUp(videos, 'c')).toEqual([]);
  });
});

describe('playlist contracts', () => {
  it('accepts a dense permutation and refuses gaps, repeats and duplicates', () => {
    expect(ZReorderRequest.safeParse({ positions: toPositions([id(1), id(2)]) }).success).toBe(true);
    const bad = [
      [
        { videoId: id(1), position: 1 },
        { videoId: id(2), position: 3 },
      ],
      [
        { videoId: id(1), position: 1 },
        { videoId: id(2), position: 1 },
      ],
      [
        { videoId: id(1), position: 1 },
        { videoId: id(1), position: 2 },
      ],
      [{ videoId: id(1), position: 0 }],
      [],
    ];
    for (const positions of bad) expect(ZReorderRequest.safeParse({ positions }).success).toBe(false);
  });
  it('needs a chosen playlist or a new name to add a video', () => {
    expect(ZAddToPlaylistsRequest.safeParse({ videoId: id(1) }).success).toBe(false);
    expect(ZAddToPlaylistsRequest.safeParse({ videoId: id(1), playlistIds: [id(2)] }).success).toBe(true);
    expect(
      ZAddToPlaylistsRequest.safeParse({ videoId: id(1), newPlaylist: { type: 'PPL', name: ' ' } }).success,
    ).toBe(false);
  });
});
