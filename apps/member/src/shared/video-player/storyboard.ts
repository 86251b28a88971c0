/** One scrubbing preview: the sprite image and the tile inside it, for a time range. */
export interface StoryboardCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const parseTime = (text: string): number => {
  const parts = text.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

/**
 * Reads a storyboard WebVTT (local provider or Mux): cues whose text is `image.jpg#xywh=x,y,w,h`. Relative
 * image URLs resolve against the VTT's own URL (a signed path keeps its signature).
 */
export function parseStoryboardVtt(vtt: string, vttUrl: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const base = new URL(vttUrl, 'http://placeholder.invalid');
  const blocks = vtt.replace(/\r/g, '').split(/\n\n+/);
  for (const block of blocks) {
    const lines = block.split('\n').filter(Boolean);
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing === -1) continue;
    const [from, to] = lines[timing]!.split('-->');
    const target = lines[timing + 1];
    const match = target ? /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target.trim()) : null;
    if (!from || !to || !match) continue;
    const resolved = new URL(match[1]!, base);
    cues.push({
      start: parseTime(from),
      end: parseTime(to.trim().split(/\s+/)[0]!),
      url:
        resolved.origin === 'http://placeholder.invalid'
          ? `${resolved.pathname}${resolved.search}`
          : resolved.href,
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return cues;
}

/** The cue covering `time` (binary search: cues are in time order). */
export function findCue(cues: readonly StoryboardCue[], time: number): StoryboardCue | null {
  let low = 0;
  let high = cues.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const cue = cues[mid]!;
    if (time < cue.start) high = mid - 1;
    else if (time >= cue.end) low = mid + 1;
    else return cue;
  }
  return cues.length && time >= cues[cues.length - 1]!.end ? cues[cues.length - 1]! : null;
}
