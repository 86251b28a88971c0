import { PLAYER_MESSAGES } from './messages';

/** "HH:MM:SS" (minutes and seconds 0-59, hours any width) to seconds, or null when malformed (spec 3 §5). */
export function parseTimecode(value: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Seconds to "HH:MM:SS". */
export function formatTimecode(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Seconds to the player's clock: m:ss, or h:mm:ss past an hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export interface ChapterDraft {
  title: string;
  timecode: string;
  thumbnailUrl?: string | null;
}

export interface CheckedChapters {
  /** Chapters with a title, in time order, in seconds. */
  chapters: { title: string; timeSeconds: number; thumbnailUrl: string | null }[];
  /** Errors by index of the input list. */
  errors: Record<number, string>;
}

/**
 * The wizard's chapter rules (spec 3 §5): chapters without a title are dropped; the others need a valid
 * HH:MM:SS time, unique among them, not past the video's duration (when it is known).
 */
export function checkChapters(
  drafts: readonly ChapterDraft[],
  durationSeconds: number | null,
): CheckedChapters {
  const errors: Record<number, string> = {};
  const seen = new Map<number, number>();
  const chapters: CheckedChapters['chapters'] = [];
  drafts.forEach((draft, index) => {
    const title = draft.title.trim();
    if (!title) return;
    const seconds = parseTimecode(draft.timecode);
    if (seconds === null) {
      errors[index] = PLAYER_MESSAGES.invalidChapterTime;
      return;
    }
    if (seen.has(seconds)) {
      errors[index] = PLAYER_MESSAGES.chapterTimeNotUnique;
      return;
    }
    if (durationSeconds !== null && durationSeconds > 0 && seconds > durationSeconds) {
      errors[index] = PLAYER_MESSAGES.chapterTimeExceedsDuration;
      return;
    }
    seen.set(seconds, index);
    chapters.push({ title, timeSeconds: seconds, thumbnailUrl: draft.thumbnailUrl ?? null });
  });
  chapters.sort((a, b) => a.timeSeconds - b.timeSeconds);
  return { chapters, errors };
}

/** The chapter playing at `time` (the last one starting at or before it), or -1. */
export function chapterIndexAt(chapters: readonly { timeSeconds: number }[], time: number): number {
  let found = -1;
  chapters.forEach((c, i) => {
    if (c.timeSeconds <= time + 0.001) found = i;
  });
  return found;
}
