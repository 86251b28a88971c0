import { ANALYSIS_SAMPLE_RATE } from './detect';

/** A part of a generated clip at one tempo: `bars` bars of 4 beats from `start` seconds. */
export interface ClipPart {
  bpm: number;
  bars: number;
}

export interface GeneratedClip {
  samples: Float32Array;
  /** Every beat of the clip and whether it is a "1" (the first beat of a bar). */
  beats: { time: number; isDownbeat: boolean; part: number }[];
}

/** A small seeded random source, so a failing clip is the same clip on the next run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

/**
 * Test audio with known beats: a click track (accented "1") or a simple drum pattern (kick on 1 and 3,
 * snare on 2 and 4, hi-hat on every half beat), over a quiet noise floor; parts play one after the other
 * (a tempo change). The first beat comes after `lead` seconds of noise.
 */
export function generateClip(
  kind: 'clicks' | 'drums',
  parts: ClipPart[],
  { lead = 0.37, sampleRate = ANALYSIS_SAMPLE_RATE, seed = 7 } = {},
): GeneratedClip {
  const beats: GeneratedClip['beats'] = [];
  let t = lead;
  parts.forEach((part, index) => {
    const beat = 60 / part.bpm;
    for (let i = 0; i < part.bars * 4; i += 1)
      beats.push({ time: t + i * beat, isDownbeat: i % 4 === 0, part: index });
    t += part.bars * 4 * beat;
  });
  const total = Math.ceil((t + 1) * sampleRate);
  const samples = new Float32Array(total);
  const noise = random(seed);
  for (let i = 0; i < total; i += 1) samples[i] = noise() * 0.003;
  const add = (at: number, seconds: number, voice: (s: number) => number) => {
    const start = Math.round(at * sampleRate);
    const length = Math.round(seconds * sampleRate);
    for (let i = 0; i < length && start + i < total; i += 1) samples[start + i]! += voice(i / sampleRate);
  };
  beats.forEach(({ time, isDownbeat }, index) => {
    if (kind === 'clicks') {
      const [frequency, gain] = isDownbeat ? [1500, 0.9] : [1000, 0.45];
      add(time, 0.03, (s) => gain * Math.sin(2 * Math.PI * frequency * s) * Math.exp(-s / 0.008));
      return;
    }
    const beatInBar = index % 4;
    if (beatInBar === 0 || beatInBar === 2) {
      const gain = beatInBar === 0 ? 0.9 : 0.6;
      // A kick: a sine sweeping down from 150 to 50 Hz.
      add(
        time,
        0.15,
        (s) =>
          gain *
          Math.sin(2 * Math.PI * (50 * s + 100 * 0.03 * (1 - Math.exp(-s / 0.03)))) *
          Math.exp(-s / 0.06),
      );
    } else {
      add(time, 0.1, (s) => 0.35 * noise() * 2 * Math.exp(-s / 0.03));
    }
    const next = beats[index + 1]?.time ?? time + 0.5;
    for (const at of [time, (time + next) / 2])
      add(at, 0.03, (s) => 0.08 * noise() * 2 * Math.exp(-s / 0.008));
  });
  return { samples, beats };
}

/** 16-bit mono WAV of the samples. */
export function wav(samples: Float32Array, sampleRate: number): Buffer {
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
