import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition } from '../../../db/schema';
import { runFfmpeg } from './ffmpeg';

/** Segment length of every rendition, and the fixed key-frame interval that keeps renditions aligned. */
export const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;
/**
 * The first segment of an upload is short, so a player has its first picture after one small request
 * (issue 21); the others keep SEGMENT_SECONDS. Key frames fall at 0, then every KEYFRAME_SECONDS from
 * FIRST_SEGMENT_SECONDS on (1, 3, 5…), so each cut (1, 5, 9…) starts on one in every rendition.
 */
export const FIRST_SEGMENT_SECONDS = 1;

export interface RenditionPlan {
  name: string;
  height: number;
  videoKbps: number;
  profile: 'main' | 'high';
  level: string;
  /** CODECS string of the master playlist. */
  codec: string;
  /** x264 preset, chosen per rendition by measurement (decision 0057). */
  preset: string;
  /** Extra x264 options (-x264-params), empty for none. */
  x264Params: string;
}

/**
 * Presets and bitrates by measurement (decision 0057 and its addendum, docs/performance.md): every rendition at
 * superfast (about a fifth less CPU than veryfast; the 360p's SSIM moves by 0.001, the others' by 0.003 at the
 * same bitrate). The 1080p at 6 Mbit/s, the 1080p tier of Apple's HLS authoring ladder: at 5 Mbit/s it measured
 * SSIM 0.948 on the grainy bench source (budget 0.95); 6 Mbit/s gives 0.956 for 3% more CPU, where veryfast at
 * 5 Mbit/s gave the same SSIM for 32% more.
 */
const LADDER: RenditionPlan[] = [
  {
    name: '360p',
    height: 360,
    videoKbps: 800,
    profile: 'main',
    level: '3.0',
    codec: 'avc1.4d401e',
    preset: 'superfast',
    x264Params: '',
  },
  {
    name: '720p',
    height: 720,
    videoKbps: 2800,
    profile: 'main',
    level: '3.1',
    codec: 'avc1.4d401f',
    preset: 'superfast',
    x264Params: '',
  },
  {
    name: '1080p',
    height: 1080,
    videoKbps: 6000,
    profile: 'high',
    level: '4.0',
    codec: 'avc1.640028',
    preset: 'superfast',
    x264Params: '',
  },
];

/** 360p and 720p always, 1080p when the source has it (spec: at least 360p and 720p). */
export function planLadder(sourceHeight: number): RenditionPlan[] {
  return LADDER.filter((r) => r.height <= 720 || sourceHeight >= r.height);
}

export interface TranscodeInput {
  source: string;
  /** The asset's hls folder. */
  outDir: string;
  durationSeconds: number;
  hasAudio: boolean;
  signal?: AbortSignal;
  /** ffmpeg's scheduling priority (see RunOptions). */
  priority?: number;
}

/** The encoder arguments of one rendition (its video, the audio, and its HLS output). */
function renditionOutput(input: TranscodeInput, plan: RenditionPlan, videoLabel: string): string[] {
  const dir = join(input.outDir, plan.name);
  const kbps = plan.videoKbps;
  return [
    '-map',
    videoLabel,
    ...(input.hasAudio ? ['-map', '0:a:0'] : []),
    '-c:v',
    'libx264',
    '-preset',
    plan.preset,
    ...(plan.x264Params ? ['-x264-params', plan.x264Params] : []),
    '-profile:v',
    plan.profile,
    '-level',
    plan.level,
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${Math.round(kbps * 1.07)}k`,
    '-bufsize',
    `${Math.round(kbps * 1.5)}k`,
    '-force_key_frames',
    KEYFRAME_EXPRESSION,
    '-sc_threshold',
    '0',
    ...(input.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'] : []),
    ...segmentOutputArgs(dir, input.durationSeconds),
  ];
}

/** Key frames at 0, then at FIRST_SEGMENT_SECONDS and every KEYFRAME_SECONDS after it. */
const KEYFRAME_EXPRESSION = `expr:if(lt(t,${FIRST_SEGMENT_SECONDS}),eq(n_forced,0),gte(t,${FIRST_SEGMENT_SECONDS}+${KEYFRAME_SECONDS}*(n_forced-1)))`;

/** Where the segments of a video of `durationSeconds` are cut: 1, 5, 9… (a short first one). */
export function segmentCuts(durationSeconds: number): number[] {
  const cuts: number[] = [];
  for (let t = FIRST_SEGMENT_SECONDS; t < durationSeconds - 0.05; t += SEGMENT_SECONDS) cuts.push(t);
  return cuts;
}

/**
 * ffmpeg's output arguments for one rendition cut at segmentCuts, in `dir` (seg_000.ts onwards and
 * index.m3u8). The segment muxer, not the hls one: the bundled ffmpeg 4.1's -hls_init_time makes every
 * segment of a VOD playlist short, not only the first. finishMediaPlaylist makes its list a VOD one. The
 * timestamps start at the B-frame delay (as with the hls muxer), so the first EXTINF reads about 1.08 s for
 * its 1 s of picture (keeping the encoder's negative first timestamp made ffmpeg 4.1 shift the first segment
 * against the others).
 */
export function segmentOutputArgs(dir: string, durationSeconds: number): string[] {
  const cuts = segmentCuts(durationSeconds);
  return [
    '-f',
    'segment',
    // A clip of a second or less is one segment (the muxer's default would cut it every 2 s).
    ...(cuts.length ? ['-segment_times', cuts.join(',')] : ['-segment_time', '86400']),
    '-segment_format',
    'mpegts',
    '-segment_list',
    join(dir, 'index.m3u8'),
    '-segment_list_type',
    'm3u8',
    join(dir, 'seg_%03d.ts'),
  ];
}

/**
 * The segment muxer's list made a VOD media playlist like the hls muxer's: the playlist type, no
 * EXT-X-ALLOW-CACHE (removed from HLS), and the target duration as HLS defines it (the longest EXTINF
 * rounded to the nearest integer: ffmpeg 4.1 rounds 4.000000 up to 5).
 */
export async function finishMediaPlaylist(dir: string): Promise<void> {
  const file = join(dir, 'index.m3u8');
  const read = (await readFile(file, 'utf8')).split('\n');
  const longest = Math.max(
    1,
    ...read.map((l) => /^#EXTINF:([\d.]+)/.exec(l)).map((m) => (m ? Math.round(Number(m[1])) : 0)),
  );
  const lines = read
    .filter((l) => l && l !== '#EXT-X-ALLOW-CACHE:YES')
    .map((l) => (l.startsWith('#EXT-X-TARGETDURATION:') ? `#EXT-X-TARGETDURATION:${longest}` : l));
  if (!lines.includes('#EXT-X-PLAYLIST-TYPE:VOD')) {
    const at = lines.findIndex((l) => l.startsWith('#EXT-X-TARGETDURATION'));
    lines.splice(at + 1, 0, '#EXT-X-PLAYLIST-TYPE:VOD');
  }
  await writeFile(file, `${lines.join('\n')}\n`);
}

/** ffmpeg's output arguments for one rendition as VOD HLS in `dir`: index.m3u8 and seg_000.ts onwards. */
export function hlsOutputArgs(dir: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    join(dir, 'seg_%03d.ts'),
    join(dir, 'index.m3u8'),
  ];
}

/**
 * Renditions in one ffmpeg process: the source is decoded once, split and scaled for each rendition, and
 * every rendition is encoded side by side to its own HLS output (about a fifth less CPU than one process
 * per rendition, each decoding the 1080p source again). The pipeline runs it twice: the lowest rendition
 * alone first (the video plays sooner), then the others together. The bundled ffmpeg 4.1 crashes writing a
 * multi-variant master, so the master playlist is written in code afterwards (writeMasterPlaylist).
 */
export async function transcodeLadder(
  input: TranscodeInput,
  ladder: RenditionPlan[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  const split =
    ladder.length > 1
      ? `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`
      : '[0:v]null[s0]';
  const scales = ladder.map(
    (plan, i) => `[s${i}]scale=-2:${plan.height}:flags=bicubic,format=yuv420p[v${i}]`,
  );
  await runFfmpeg(
    [
      '-i',
      input.source,
      '-filter_complex',
      [split, ...scales].join(';'),
      ...ladder.flatMap((plan, i) => renditionOutput(input, plan, `[v${i}]`)),
    ],
    { durationSeconds: input.durationSeconds, onProgress, signal: input.signal, priority: input.priority },
  );
  for (const plan of ladder) await finishMediaPlaylist(join(input.outDir, plan.name));
}

/** Peak bitrate and picture size of a finished rendition, read from its files. */
export async function measureRendition(
  outDir: string,
  plan: RenditionPlan,
  aspect: number,
): Promise<Rendition> {
  const dir = join(outDir, plan.name);
  const playlist = await readFile(join(dir, 'index.m3u8'), 'utf8');
  let peak = 0;
  const lines = playlist.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const inf = /^#EXTINF:([\d.]+)/.exec(lines[i] ?? '');
    const file = lines[i + 1]?.trim();
    if (inf && file) {
      const seconds = Math.max(0.5, Number(inf[1]));
      const { size } = await stat(join(dir, file));
      peak = Math.max(peak, Math.round((size * 8) / seconds));
    }
  }
  return {
    height: plan.height,
    width: Math.round((plan.height * aspect) / 2) * 2,
    bandwidth: peak || plan.videoKbps * 1000,
  };
}

/** The multi-variant playlist, written in code (see transcodeLadder). */
export function renderMasterPlaylist(
  renditions: (Rendition & { name: string; codec: string })[],
  hasAudio: boolean,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.height - b.height)) {
    const codecs = hasAudio ? `${r.codec},mp4a.40.2` : r.codec;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function writeMasterPlaylist(
  outDir: string,
  renditions: (Rendition & { name: string; codec: string })[],
  hasAudio: boolean,
) {
  await writeFile(join(outDir, 'master.m3u8'), renderMasterPlaylist(renditions, hasAudio));
}

/** A JPEG frame at `seconds` (clamped into the video), `width` wide. */
export async function extractFrame(source: string, seconds: number, out: string, width = 1280) {
  await runFfmpeg([
    '-ss',
    String(Math.max(0, seconds)),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-q:v',
    '3',
    out,
  ]);
}

export const STORYBOARD_TILE = { width: 160, height: 90, columns: 10 } as const;

/** Seconds between storyboard tiles: about 100 tiles per video, at least 2 s apart (a key frame each). */
export const storyboardInterval = (durationSeconds: number) =>
  Math.max(KEYFRAME_SECONDS, Math.ceil(durationSeconds / 100));

/**
 * The scrubbing storyboard: one sprite of 160x90 tiles taken every few seconds, and a WebVTT whose cues
 * point into it with #xywh= (the format Mux serves, so the player reads both alike).
 */
export async function writeStoryboard(
  source: string,
  outDir: string,
  durationSeconds: number,
): Promise<void> {
  const interval = storyboardInterval(durationSeconds);
  const count = Math.max(1, Math.ceil(durationSeconds / interval));
  const { width, height, columns } = STORYBOARD_TILE;
  const rows = Math.ceil(count / columns);
  await runFfmpeg([
    '-skip_frame',
    'nokey',
    '-i',
    source,
    '-vf',
    `fps=1/${interval},scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    join(outDir, 'storyboard.jpg'),
  ]);
  await writeFile(join(outDir, 'storyboard.vtt'), renderStoryboardVtt(durationSeconds, interval, count));
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

export { vttTime };

/**
 * Cues every `interval` seconds up to `durationSeconds`; tile i of `tileCount` (cycling, so a demo clip
 * looped to a long duration reuses its few tiles).
 */
export function renderStoryboardVtt(durationSeconds: number, interval: number, tileCount: number): string {
  const { width, height, columns } = STORYBOARD_TILE;
  const cues = ['WEBVTT', ''];
  let index = 0;
  for (let start = 0; start < durationSeconds; start += interval) {
    const tile = index % tileCount;
    const x = (tile % columns) * width;
    const y = Math.floor(tile / columns) * height;
    cues.push(
      `${vttTime(start)} --> ${vttTime(Math.min(durationSeconds, start + interval))}`,
      `storyboard.jpg#xywh=${x},${y},${width},${height}`,
      '',
    );
    index += 1;
  }
  return cues.join('\n');
}

/** Every file of a folder tree (relative paths), for tests and clean-ups. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) out.push(...(await listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)));
    else out.push(`${prefix}${entry.name}`);
  }
  return out;
}
