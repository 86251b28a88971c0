import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeTakeStore,
  deleteTake,
  listTakes,
  loadTakeVideo,
  saveTake,
  TAKES_DB_NAME,
  takesStorageUsed,
} from './take-store';

const details = (videoId: string, createdAt: string) => ({
  videoId,
  createdAt,
  lessonStart: 1,
  lessonEnd: 4,
  speed: 0.8,
  offsetSeconds: 0.3,
  mimeType: 'video/webm;codecs=vp9',
  durationSeconds: 4.1,
});

const recording = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'video/webm' });

afterEach(async () => {
  await closeTakeStore();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(TAKES_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

describe('the take store (IndexedDB on the device)', () => {
  it('keeps takes per video, oldest first, with their size', async () => {
    const second = await saveTake(details('v1', '2026-11-25T10:05:00.000Z'), recording(300));
    const first = await saveTake(details('v1', '2026-11-25T10:00:00.000Z'), recording(100));
    await saveTake(details('v2', '2026-11-25T10:01:00.000Z'), recording(50));
    const takes = await listTakes('v1');
    expect(takes.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(takes[0]).toMatchObject({ size: 100, lessonStart: 1, speed: 0.8, offsetSeconds: 0.3 });
    expect(await listTakes('v3')).toEqual([]);
  });

  it('gives back the recording with its type', async () => {
    const take = await saveTake(details('v1', '2026-11-25T10:00:00.000Z'), recording(64));
    const blob = await loadTakeVideo(take);
    expect(blob?.type).toBe('video/webm;codecs=vp9');
    expect(blob?.size).toBe(64);
    expect(new Uint8Array(await blob!.arrayBuffer())[10]).toBe(7);
  });

  it('counts the storage every take uses and frees it on delete (details and recording)', async () => {
    const a = await saveTake(details('v1', '2026-11-25T10:00:00.000Z'), recording(1000));
    await saveTake(details('v2', '2026-11-25T10:00:01.000Z'), recording(24));
    expect(await takesStorageUsed()).toEqual({ count: 2, bytes: 1024 });
    await deleteTake(a.id);
    expect(await takesStorageUsed()).toEqual({ count: 1, bytes: 24 });
    expect(await listTakes('v1')).toEqual([]);
    expect(await loadTakeVideo(a)).toBeNull();
  });
});
