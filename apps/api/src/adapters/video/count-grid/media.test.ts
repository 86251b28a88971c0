import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../local/ffmpeg';
import { detectMediaCountGrid } from '.';
import { generateClip } from './test-clips';

/** 16-bit mono WAV of the samples. */
function wav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1)
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

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
