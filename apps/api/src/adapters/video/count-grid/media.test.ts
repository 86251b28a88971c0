import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../local/ffmpeg';
import { detectMediaCountGrid } from '.';
import { generateClip, wav } from './test-clips';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'count-grid-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('count grid of a media file', { timeout: 60_000 }, () => {
  it('reads the audio of a video through ffmpeg (stereo, 44.1 kHz AAC in MP4)', async () => {
    const clip = generateClip('drums', [{ bpm: 96, bars: 5 }], { sampleRate: 44_100 });
    await writeFile(join(dir, 'clip.wav'), wav(clip.samples, 44_100));
    const video = join(dir, 'clip.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=size=160x90:rate=10',
      '-i',
      join(dir, 'clip.wav'),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-ac',
      '2',
      '-shortest',
      video,
    ]);
    const grid = await detectMediaCountGrid(video);
    expect(grid.sections).toHaveLength(1);
    expect(Math.abs(grid.sections[0]!.bpm - 96)).toBeLessThan(1);
    // AAC's encoder delay is trimmed by ffmpeg: the "1" is where it was written.
    expect(Math.abs(grid.sections[0]!.downbeatSeconds - clip.beats[0]!.time)).toBeLessThan(0.04);
  });

  it('fails on a file without audio', async () => {
    await expect(detectMediaCountGrid(join(dir, 'missing.mp4'))).rejects.toThrow(/ffmpeg/);
  });
});
