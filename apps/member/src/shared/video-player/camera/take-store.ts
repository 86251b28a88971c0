import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TakeTiming } from './take-sync';

/**
 * The member's takes (issue 20 item 4), kept only on this device: IndexedDB of this browser, never uploaded
 * (decision 0054). Two stores: the takes' details (listed per video without reading any video) and their
 * bytes, kept as an ArrayBuffer with the MIME type (a Blob in IndexedDB is not reliable in every browser).
 */
export interface Take extends TakeTiming {
  id: string;
  videoId: string;
  /** ISO date and time it was recorded. */
  createdAt: string;
  mimeType: string;
  /** Bytes of the recording. */
  size: number;
  /** Seconds of recording (wall clock, from the recorder's start to its stop). */
  durationSeconds: number;
}

interface TakesDb extends DBSchema {
  takes: { key: string; value: Take; indexes: { byVideo: string } };
  takeData: { key: string; value: { id: string; bytes: ArrayBuffer } };
}

export const TAKES_DB_NAME = 'dance-practice-takes';

let opening: Promise<IDBPDatabase<TakesDb>> | null = null;

function db(): Promise<IDBPDatabase<TakesDb>> {
  opening ??= openDB<TakesDb>(TAKES_DB_NAME, 1, {
    upgrade(database) {
      const takes = database.createObjectStore('takes', { keyPath: 'id' });
      takes.createIndex('byVideo', 'videoId');
      database.createObjectStore('takeData', { keyPath: 'id' });
    },
  });
  return opening;
}

/** Closes the connection (tests delete the database between runs). */
export async function closeTakeStore(): Promise<void> {
  if (!opening) return;
  const database = await opening;
  opening = null;
  database.close();
}

/** Saves a take and its recording in one transaction: both or neither. */
export async function saveTake(details: Omit<Take, 'id' | 'size'>, recording: Blob): Promise<Take> {
  const bytes = await recording.arrayBuffer();
  const take: Take = { ...details, id: crypto.randomUUID(), size: bytes.byteLength };
  const database = await db();
  const tx = database.transaction(['takes', 'takeData'], 'readwrite');
  await Promise.all([
    tx.objectStore('takes').put(take),
    tx.objectStore('takeData').put({ id: take.id, bytes }),
    tx.done,
  ]);
  return take;
}

/** The takes of one video, oldest first. */
export async function listTakes(videoId: string): Promise<Take[]> {
  const takes = await (await db()).getAllFromIndex('takes', 'byVideo', videoId);
  return takes.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The recording of a take, or null when it is gone (deleted in another tab). */
export async function loadTakeVideo(take: Take): Promise<Blob | null> {
  const row = await (await db()).get('takeData', take.id);
  return row ? new Blob([row.bytes], { type: take.mimeType }) : null;
}

export async function deleteTake(id: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(['takes', 'takeData'], 'readwrite');
  await Promise.all([tx.objectStore('takes').delete(id), tx.objectStore('takeData').delete(id), tx.done]);
}

/** The bytes all takes on this device use (every video's). */
export async function takesStorageUsed(): Promise<{ count: number; bytes: number }> {
  const takes = await (await db()).getAll('takes');
  return { count: takes.length, bytes: takes.reduce((sum, t) => sum + t.size, 0) };
}
