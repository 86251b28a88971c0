/** Pure helpers for reorder and shuffle, shared by both apps. */

/** Moves the item at `from` to `to` (a drag-and-drop result), returning a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}

/** A random order (Fisher-Yates); `random` is injectable for tests. */
export function shuffleItems<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const next = [...list];
  for (let i = next.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [next[i], next[j]] = [next[j] as T, next[i] as T];
  }
  return next;
}

/** The reorder payload for an ordered list of video ids: positions 1..n. */
export function toPositions(videoIds: readonly string[]): { videoId: string; position: number }[] {
  return videoIds.map((videoId, index) => ({ videoId, position: index + 1 }));
}

/** The videos after `videoId` in playlist order (NEXT UP in playlist context). */
export function selectNextUp<T extends { id: string }>(videos: readonly T[], videoId: string): T[] {
  const index = videos.findIndex((v) => v.id === videoId);
  return index === -1 ? [...videos] : videos.slice(index + 1);
}
