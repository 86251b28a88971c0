import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatClock, type TCountGrid } from '@dance/domain';
import { and, desc, eq, inArray, isNull, like, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runFfmpeg } from '../adapters/video/local/ffmpeg';
import { assetDir } from '../adapters/video/local/provider';
import {
  hlsOutputArgs,
  renderMasterPlaylist,
  SEGMENT_SECONDS,
  STORYBOARD_TILE,
  vttTime,
} from '../adapters/video/local/transcode';
import { type Chapter, type MediaAssetRow, mediaAssets, type VideoRow, videos } from '../db/schema';

/**
 * Demo media: every demo video and class gets real, playable HLS made with ffmpeg from lavfi sources: a
 * colour of its own, its title on a card, a moving bar (frames visibly advance) and a beat. Each video
 * renders one short clip (two 4 s segments, 360p and 720p) once; its playlists loop that clip to the
 * catalogue's duration (discontinuities between loops), with a storyboard, chapter thumbnails and English
 * subtitles. Clips are cached, so a fresh database reuses them at once.
 */
const CLIP_SECONDS = 8;
const CACHE_VERSION = 'v2';
const RENDITIONS = [
  { name: '360p', width: 640, height: 360, kbps: 500, codec: 'avc1.4d401e' },
  { name: '720p', width: 1280, height: 720, kbps: 1400, codec: 'avc1.4d401f' },
] as const;

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial Bold.ttf',
  'C:/Windows/Fonts/arialbd.ttf',
];

/** A font for the title card; without one the clip still differs by colour and pattern. */
const findFont = () => FONT_CANDIDATES.find((f) => existsSync(f)) ?? null;

function hueOf(text: string): number {
  return createHash('sha1').update(text).digest().readUInt16BE(0) % 360;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `0x${f(0)}${f(8)}${f(4)}`;
}

interface ClipSpec {
  key: string;
  title: string;
  label: string;
  hue: number;
  /** Beat frequency and tempo differ per clip, so each sounds recognisable too. */
  toneHz: number;
  beatsPerSecond: number;
}

function clipSpecOf(video: Pick<VideoRow, 'title' | 'kind'>): ClipSpec {
  // A class and its trailer share one clip: the trailer's playlist is simply shorter.
  const label = video.kind === 'class' ? 'CLASS' : 'DANCE TRAINING';
  const hue = hueOf(video.title);
  const key = createHash('sha1')
    .update(`${CACHE_VERSION}|${video.title}|${label}`)
    .digest('hex')
    .slice(0, 16);
  return { key, title: video.title, label, hue, toneHz: 180 + (hue % 7) * 40, beatsPerSecond: 2 + (hue % 3) };
}

/** Renders a clip (both renditions, 8 one-per-second frames and a storyboard strip) into `dir`. */
async function renderClip(spec: ClipSpec, dir: string, signal: AbortSignal) {
  const work = `${dir}.tmp-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  for (const r of RENDITIONS) await mkdir(join(work, r.name), { recursive: true });
  const font = findFont();
  const background = hslToHex(spec.hue, 0.62, 0.36);
  const accent = hslToHex((spec.hue + 40) % 360, 0.8, 0.72);
  const text: string[] = [];
  if (font) {
    // Text goes through files: no escaping of quotes or colons in titles inside the filter graph.
    await writeFile(join(work, 'title.txt'), spec.title);
    await writeFile(join(work, 'label.txt'), spec.label);
    text.push(
      `drawtext=fontfile='${font}':textfile='${join(work, 'title.txt')}':fontcolor=white:fontsize=58:x=(w-text_w)/2:y=(h-text_h)/2-30:shadowcolor=black@0.5:shadowx=2:shadowy=2`,
      `drawtext=fontfile='${font}':textfile='${join(work, 'label.txt')}':fontcolor=white@0.85:fontsize=28:x=(w-text_w)/2:y=(h/2)-110`,
    );
  }
  const graph = [
    `[0:v]drawbox=x=0:y=0:w=iw:h=ih:color=${accent}@0.12:t=fill,`,
    `drawbox=x='mod(t*160\\,iw)':y=ih-150:w=90:h=36:color=${accent}@0.95:t=fill`,
    text.length ? `,${text.join(',')}` : '',
    ',format=yuv420p,split=4[hd][sd0][sb0][fr0];',
    '[sd0]scale=640:360[sd];',
    `[sb0]fps=1,scale=${STORYBOARD_TILE.width}:${STORYBOARD_TILE.height},tile=${CLIP_SECONDS}x1[sb];`,
    '[fr0]fps=1,scale=640:360[fr]',
  ].join('');
  const video = (name: string, kbps: number) => [
    '-c:v',
    'libx264',
    // Flat colour and a moving bar: ultrafast halves the time at no visible cost.
    '-preset',
    'ultrafast',
    '-profile:v',
    'main',
    '-b:v',
    `${kbps}k`,
    '-g',
    '48',
    '-keyint_min',
    '48',
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    '48000',
    ...hlsOutputArgs(join(work, name)),
  ];
  const beat = `0.25*sin(2*PI*${spec.toneHz}*t)*lt(mod(t\\,${(1 / spec.beatsPerSecond).toFixed(3)})\\,0.07)`;
  await runFfmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      `color=c=${background}:s=1280x720:r=24:d=${CLIP_SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${beat}:s=48000:d=${CLIP_SECONDS}`,
      '-filter_complex',
      graph,
      '-map',
      '[hd]',
      '-map',
      '1:a',
      ...video('720p', 1400),
      '-map',
      '[sd]',
      '-map',
      '1:a',
      ...video('360p', 500),
      '-map',
      '[sb]',
      '-frames:v',
      '1',
      '-q:v',
      '5',
      join(work, 'storyboard.jpg'),
      '-map',
      '[fr]',
      '-q:v',
      '4',
      join(work, 'frame_%d.jpg'),
    ],
    { signal },
  );
  // Another process sharing the cache (the e2e lanes, decision 0060) may have finished the same clip meanwhile:
  // keep its copy, which it may be installing, rather than delete it under it.
  if (existsSync(join(dir, '720p', 'index.m3u8'))) {
    await rm(work, { recursive: true, force: true });
    return;
  }
  await rm(dir, { recursive: true, force: true });
  await rename(work, dir);
}

/** A media playlist that repeats the clip's two segments up to `duration` seconds. */
function loopPlaylist(duration: number): string {
  const segments = Math.max(1, Math.ceil(duration / SEGMENT_SECONDS));
  const perClip = CLIP_SECONDS / SEGMENT_SECONDS;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let i = 0; i < segments; i += 1) {
    if (i > 0 && i % perClip === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `seg_${String(i % perClip).padStart(3, '0')}.ts`);
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Storyboard cues over the whole duration, pointing at the clip's one-per-second tiles. */
function loopStoryboard(duration: number): string {
  const interval = Math.max(2, Math.ceil(duration / 100));
  const { width, height } = STORYBOARD_TILE;
  const cues = ['WEBVTT', ''];
  for (let start = 0; start < duration; start += interval) {
    const tile = Math.floor(start % CLIP_SECONDS);
    cues.push(
      `${vttTime(start)} --> ${vttTime(Math.min(duration, start + interval))}`,
      `storyboard.jpg#xywh=${tile * width},0,${width},${height}`,
      '',
    );
  }
  return cues.join('\n');
}

const COUNTS = [
  'Five, six, seven, eight!',
  'And one, two, three, four.',
  'Reach long through the fingertips.',
  'Keep your core engaged.',
  'Spot the front and breathe.',
  'Plié, and rise.',
];

/** English subtitles: the chapter names as they start, and the teacher's cues in between. */
function subtitlesFor(title: string, duration: number, chapters: Chapter[]): string {
  const cues = ['WEBVTT', ''];
  let n = 0;
  for (let start = 0; start < duration; start += 6) {
    const chapter = chapters.find((c) => c.timeSeconds >= start && c.timeSeconds < start + 6);
    const line =
      start === 0
        ? `Welcome to ${title}.`
        : chapter
          ? `Chapter: ${chapter.title} (${formatClock(chapter.timeSeconds)})`
          : COUNTS[n++ % COUNTS.length]!;
    cues.push(`${vttTime(start + 0.5)} --> ${vttTime(Math.min(duration, start + 4.5))}`, line, '');
  }
  return cues.join('\n');
}

async function linkOrCopy(from: string, to: string) {
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

interface Job {
  asset: MediaAssetRow;
  video: VideoRow;
  isTrailer: boolean;
}

/**
 * The count grid of a demo clip, known from how it is made: its beat starts at 0:00 and the 8 s clip holds a
 * whole number of beats, so the grid runs on across the loops. Fast beats (3 and 4 a second) are counted
 * every other beat, as dancers count double time.
 */
export function demoCountGrid(video: Pick<VideoRow, 'title' | 'kind'>): TCountGrid {
  const { beatsPerSecond } = clipSpecOf(video);
  const bpm = beatsPerSecond >= 3 ? beatsPerSecond * 30 : beatsPerSecond * 60;
  return { noCounts: false, source: 'detected', sections: [{ fromSeconds: 0, bpm, downbeatSeconds: 0 }] };
}

/** Builds an asset's hls folder from its cached clip and marks it ready. */
async function installClip(app: FastifyInstance, job: Job, clipDir: string) {
  const { asset, video, isTrailer } = job;
  const duration = isTrailer
    ? (video.trailerDurationSeconds ?? 30)
    : Math.max(CLIP_SECONDS, video.durationSeconds);
  const playable = Math.ceil(duration / SEGMENT_SECONDS) * SEGMENT_SECONDS;
  const hls = join(assetDir(app.video.mediaRoot, asset.id), 'hls');
  await rm(hls, { recursive: true, force: true });
  for (const r of RENDITIONS) {
    await mkdir(join(hls, r.name), { recursive: true });
    for (let i = 0; i < CLIP_SECONDS / SEGMENT_SECONDS; i += 1) {
      const name = `seg_${String(i).padStart(3, '0')}.ts`;
      await linkOrCopy(join(clipDir, r.name, name), join(hls, r.name, name));
    }
    await writeFile(join(hls, r.name, 'index.m3u8'), loopPlaylist(playable));
  }
  await writeFile(
    join(hls, 'master.m3u8'),
    renderMasterPlaylist(
      RENDITIONS.map((r) => ({
        name: r.name,
        codec: r.codec,
        height: r.height,
        width: r.width,
        bandwidth: r.kbps * 1150,
      })),
      true,
    ),
  );
  await linkOrCopy(join(clipDir, 'storyboard.jpg'), join(hls, 'storyboard.jpg'));
  await writeFile(join(hls, 'storyboard.vtt'), loopStoryboard(playable));
  const chapters = isTrailer ? [] : video.chapters;
  await writeFile(join(hls, 'en.vtt'), subtitlesFor(video.title, playable, chapters));
  const frame = async (second: number) =>
    readFile(join(clipDir, `frame_${Math.floor(second % CLIP_SECONDS) + 1}.jpg`));
  const { url: posterUrl } = await app.files.put(
    `demo-media/${asset.id}/poster.jpg`,
    await frame(1),
    'image/jpeg',
  );
  if (!isTrailer && chapters.length > 0) {
    const withThumbs = await Promise.all(
      chapters.map(async (c) => ({
        ...c,
        thumbnailUrl: (
          await app.files.put(
            `demo-media/${asset.id}/chapter-${c.timeSeconds}.jpg`,
            await frame(c.timeSeconds),
            'image/jpeg',
          )
        ).url,
      })),
    );
    await app.db.update(videos).set({ chapters: withThumbs }).where(eq(videos.id, video.id));
  }
  await app.db
    .update(mediaAssets)
    .set({
      status: 'ready',
      progress: 100,
      durationSeconds: playable,
      width: 1280,
      height: 720,
      renditions: RENDITIONS.map((r) => ({ height: r.height, width: r.width, bandwidth: r.kbps * 1150 })),
      posterUrl,
      hasStoryboard: true,
      subtitles: [{ lang: 'en', label: 'English', ref: 'en.vtt' }],
      countGrid: demoCountGrid(video),
      updatedAt: new Date(),
    })
    .where(eq(mediaAssets.id, asset.id));
}

/** Links demo videos (those with generated thumbnails and no media yet) to new demo asset rows. */
async function linkDemoVideos(app: FastifyInstance, limit: 'all' | number) {
  const unlinked = await app.db
    .select()
    .from(videos)
    .where(and(isNull(videos.videoUrl), like(videos.thumbnailUrl, '/files/demo/%')))
    .orderBy(desc(videos.kind), desc(videos.releaseAt), desc(videos.id));
  let chosen = unlinked;
  if (limit !== 'all') {
    // Tests: the newest library videos and one released class (with its trailer).
    const now = Date.now();
    const classVideo = unlinked.find((v) => v.kind === 'class' && v.releaseAt.getTime() <= now);
    chosen = [
      ...unlinked.filter((v) => v.kind === 'library').slice(0, Math.max(0, limit - (classVideo ? 1 : 0))),
      ...(classVideo ? [classVideo] : []),
    ];
  }
  if (chosen.length === 0) return;
  await app.db.transaction(async (tx) => {
    for (const video of chosen) {
      const [main] = await tx
        .insert(mediaAssets)
        .values({ provider: 'local', status: 'processing', title: video.title, isDemo: true })
        .returning();
      const trailer =
        video.kind === 'class'
          ? (
              await tx
                .insert(mediaAssets)
                .values({
                  provider: 'local',
                  status: 'processing',
                  title: `${video.title} (trailer)`,
                  isDemo: true,
                })
                .returning()
            )[0]
          : undefined;
      await tx
        .update(videos)
        .set({ videoUrl: main!.id, trailerUrl: trailer?.id ?? null })
        .where(eq(videos.id, video.id));
    }
  });
}

async function pendingJobs(app: FastifyInstance): Promise<Job[]> {
  const assets = await app.db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.isDemo, true), ne(mediaAssets.status, 'ready')));
  if (assets.length === 0) return [];
  const ids = assets.map((a) => a.id);
  const linked = await app.db
    .select()
    .from(videos)
    .where(inArray(videos.videoUrl, ids))
    .orderBy(desc(videos.kind), desc(videos.releaseAt));
  const trailers = await app.db.select().from(videos).where(inArray(videos.trailerUrl, ids));
  const byId = new Map(assets.map((a) => [a.id, a]));
  const jobs: Job[] = [];
  for (const video of linked) jobs.push({ asset: byId.get(video.videoUrl!)!, video, isTrailer: false });
  for (const video of trailers) jobs.push({ asset: byId.get(video.trailerUrl!)!, video, isTrailer: true });
  return jobs;
}

/**
 * Seeds the demo media: links rows at once (awaited), then renders in the background two clips at a time
 * while the API already serves the catalogue; progress goes to the log. Stops when the API closes and
 * resumes at the next start (what is cached stays).
 */
export async function seedDemoMedia(app: FastifyInstance): Promise<void> {
  const limit = app.config.video.demoMedia;
  if (limit === 'none' || limit === 0) return;
  await linkDemoVideos(app, limit);
  const jobs = await pendingJobs(app);
  if (jobs.length === 0) return;
  const cacheRoot = resolve(
    process.env.DEMO_MEDIA_CACHE ??
      (app.config.env === 'test'
        ? join(tmpdir(), 'dance-demo-media')
        : join(app.config.dataDir, 'demo-media')),
  );
  await mkdir(cacheRoot, { recursive: true });
  const controller = new AbortController();
  app.addHook('onClose', async () => controller.abort());
  const started = Date.now();
  let done = 0;
  let rendered = 0;
  const queue = [...jobs];
  const inFlight = new Map<string, Promise<void>>();
  const worker = async () => {
    for (let job = queue.shift(); job && !controller.signal.aborted; job = queue.shift()) {
      const spec = clipSpecOf(job.video);
      const clipDir = join(cacheRoot, spec.key);
      try {
        if (!existsSync(join(clipDir, '720p', 'index.m3u8'))) {
          // A class and its trailer share a clip: render it once even when both are in flight.
          let rendering = inFlight.get(spec.key);
          if (!rendering) {
            rendering = renderClip(spec, clipDir, controller.signal).then(() => {
              rendered += 1;
            });
            inFlight.set(spec.key, rendering);
          }
          await rendering;
        }
        await installClip(app, job, clipDir);
      } catch (error) {
        if (controller.signal.aborted) return;
        app.log.warn({ err: error, video: job.video.title }, 'demo media: a clip failed');
      }
      done += 1;
      if (done % 10 === 0 || done === jobs.length)
        app.log.info(
          `demo media: ${done}/${jobs.length} videos playable (${rendered} rendered, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
    }
  };
  app.log.info(`demo media: preparing ${jobs.length} videos in the background`);
  void Promise.all([worker(), worker()]).catch((error) => app.log.error({ err: error }, 'demo media failed'));
}
