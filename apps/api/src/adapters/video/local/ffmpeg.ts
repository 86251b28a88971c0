import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

const require = createRequire(import.meta.url);

/** The ffmpeg binary shipped inside @ffmpeg-installer/ffmpeg (FFMPEG_PATH overrides it). */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

/** Every running ffmpeg, so a closing API stops them instead of leaving orphans. */
const running = new Set<ChildProcess>();

export function killAllFfmpeg() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

export interface RunOptions {
  /** Duration of the input, to turn ffmpeg's out_time into a 0..1 fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The process's scheduling priority (nice, -20 to 19; higher yields the CPU to others). */
  priority?: number;
}

/** Runs ffmpeg with the arguments; resolves with its stderr, rejects with the tail of it on failure. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const withProgress = options.onProgress && options.durationSeconds;
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        ...(withProgress ? ['-progress', 'pipe:1', '-nostats'] : []),
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running.add(child);
    if (options.priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.priority);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 64_000) stderr = stderr.slice(-32_000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!withProgress) return;
      const match = /out_time_ms=(\d+)/.exec(chunk.toString());
      if (match) {
        const seconds = Number(match[1]) / 1_000_000;
        options.onProgress?.(Math.min(1, seconds / (options.durationSeconds ?? 1)));
      }
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.on('close', (code) => {
      running.delete(child);
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) resolve(stderr);
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${stderr.split('\n').slice(-6).join('\n')}`));
    });
  });
}

export interface ProbeResult {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
}

/**
 * Reads duration, picture size and streams from `ffmpeg -i` (the installer ships no ffprobe). Null when the
 * file holds no video stream ffmpeg can decode: a renamed text file ends here.
 */
export async function probeMedia(path: string): Promise<ProbeResult | null> {
  // Without an output ffmpeg exits 1 after printing the input's description, which is what we read.
  const stderr = await describe(path).catch(() => '');
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!duration || !video) return null;
  const durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  if (!(durationSeconds > 0)) return null;
  let width = Number(video[2]);
  let height = Number(video[3]);
  // Phone videos carry a rotation: the picture shows turned.
  const rotate = /rotate\s*:\s*(-?\d+)/.exec(stderr);
  if (rotate && Math.abs(Number(rotate[1])) % 180 === 90) [width, height] = [height, width];
  return {
    durationSeconds,
    width,
    height,
    hasAudio: /Stream #\d+:\d+[^:]*: Audio:/.test(stderr),
    videoCodec: video[1] ?? '',
  };
}

function describe(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!existsSync(path)) {
      reject(new Error('missing'));
      return;
    }
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', path], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 200_000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(stderr));
  });
}

/**
 * Decodes the first audio stream of `input` (a file or a URL ffmpeg reads) to mono 32-bit float PCM at
 * `sampleRate`, handing it over chunk by chunk; resolves when ffmpeg is done.
 */
export function decodeMonoPcm(
  input: string,
  sampleRate: number,
  onChunk: (samples: Float32Array) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        input,
        '-vn',
        '-map',
        '0:a:0',
        '-ac',
        '1',
      ].concat(['-ar', String(sampleRate), '-f', 'f32le', 'pipe:1']),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running.add(child);
    let leftover = Buffer.alloc(0);
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const bytes = leftover.length ? Buffer.concat([leftover, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 4);
      // Copied into an aligned buffer: a Float32Array needs a 4-byte aligned offset.
      const samples = new Float32Array(whole / 4);
      new Uint8Array(samples.buffer).set(bytes.subarray(0, whole));
      leftover = Buffer.from(bytes.subarray(whole));
      onChunk(samples);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_000) stderr += chunk.toString();
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.on('close', (code) => {
      running.delete(child);
      signal?.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${stderr.split('\n').slice(-4).join('\n')}`));
    });
  });
}
