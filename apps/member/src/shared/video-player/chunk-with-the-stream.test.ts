import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkWithTheStream, useChunkWithTheStream } from './chunk-with-the-stream';

/** The stream's start, let go by the test. */
let letStreamStart: () => void = () => {};
vi.mock('./poster-first', () => ({
  whenStreamMayStart: () =>
    new Promise<void>((resolve) => {
      letStreamStart = resolve;
    }),
}));

const MODULE = { name: 'tools' };

beforeEach(() => {
  letStreamStart = () => {};
});

describe('chunkWithTheStream', () => {
  it('asks for the chunk once and keeps the module for later players', async () => {
    const importChunk = vi.fn(() => Promise.resolve(MODULE));
    const chunk = chunkWithTheStream(importChunk);
    expect(chunk.loaded()).toBeNull();

    const [first, second] = [chunk.load(), chunk.load()];
    expect(await first).toBe(MODULE);
    expect(await second).toBe(MODULE);
    expect(importChunk).toHaveBeenCalledTimes(1);
    expect(chunk.loaded()).toBe(MODULE);
  });

  it('asks again after a failed load', async () => {
    const importChunk = vi
      .fn<() => Promise<typeof MODULE>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(MODULE);
    const chunk = chunkWithTheStream(importChunk);

    await expect(chunk.load()).rejects.toThrow('Failed to fetch');
    expect(await chunk.load()).toBe(MODULE);
    expect(importChunk).toHaveBeenCalledTimes(2);
  });
});

describe('useChunkWithTheStream', () => {
  it('asks for the chunk when the stream may start, not before', async () => {
    const importChunk = vi.fn(() => Promise.resolve(MODULE));
    const { result } = renderHook(() => useChunkWithTheStream(chunkWithTheStream(importChunk)));
    await act(() => Promise.resolve());
    expect(importChunk).not.toHaveBeenCalled();
    expect(result.current).toBeNull();

    act(() => letStreamStart());
    await waitFor(() => expect(result.current).toBe(MODULE));
  });

  it('asks at once when it is due, and never when it is not wanted', async () => {
    const dueImport = vi.fn(() => Promise.resolve(MODULE));
    const due = renderHook(() => useChunkWithTheStream(chunkWithTheStream(dueImport), { isDueNow: true }));
    await waitFor(() => expect(due.result.current).toBe(MODULE));

    const unwantedImport = vi.fn(() => Promise.resolve(MODULE));
    const unwanted = renderHook(() =>
      useChunkWithTheStream(chunkWithTheStream(unwantedImport), { isWanted: false, isDueNow: true }),
    );
    await act(() => Promise.resolve());
    expect(unwantedImport).not.toHaveBeenCalled();
    expect(unwanted.result.current).toBeNull();
  });

  it('says the chunk failed when it could not load', async () => {
    const chunk = chunkWithTheStream(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useChunkWithTheStream(chunk, { isDueNow: true }));
    await waitFor(() => expect(result.current).toBe('failed'));
  });

  it('has a loaded chunk at once, without asking again', () => {
    const importChunk = vi.fn(() => Promise.resolve(MODULE));
    const chunk = chunkWithTheStream(importChunk);
    return chunk.load().then(() => {
      const { result } = renderHook(() => useChunkWithTheStream(chunk));
      expect(result.current).toBe(MODULE);
      expect(importChunk).toHaveBeenCalledTimes(1);
    });
  });
});
