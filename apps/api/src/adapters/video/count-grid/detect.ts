import type { TCountGrid, TCountSection } from '@dance/domain';

/**
 * The beat tracker of the count grid (issue 20, decision 0048): mono PCM in, sections of one tempo out,
 * each with its BPM and first downbeat. Onsets come from the rise of the short-time energy of the
 * high-passed signal; a window's autocorrelation gives a first tempo; the beats are then tracked onset by
 * onset with a least-squares fit (so the BPM is exact to a fraction over a few bars), and a section ends
 * where the beats stop landing on its grid (a tempo change or the music stopping).
 */

export const ANALYSIS_SAMPLE_RATE = 22_050;
const HOP = 128;
const MIN_BPM = 70;
const MAX_BPM = 180;
/** Beats in a bar: the "1" is the beat of the bar with the strongest onsets. */
const BAR = 4;
/**
 * A section ends when fewer than half of its last 8 beats land on an onset (a new tempo in a simple ratio,
 * 4:3 say, still meets the old grid now and then, so consecutive misses alone are not enough).
 */
const RECENT = 8;

interface Peak {
  time: number;
  /** Log-energy rise, for picking and timing. */
  strength: number;
  /** Loudness after the attack, for the accent of the downbeat. */
  loudness: number;
  /** Loudness plus brightness: a beat is heavier than the hi-hats between beats. */
  weight: number;
}

interface Envelope {
  /** Frames per second. */
  rate: number;
  /** Onset strength per frame (half-wave rectified log-energy difference). */
  onset: Float32Array;
  loud: Float32Array;
  weight: Float32Array;
}

/**
 * Two energies per frame of mono PCM, fed chunk by chunk (an hour of audio never sits whole in memory): of
 * the signal (the kick's weight, for accents) and of its first difference (the attack of clicks, snares and
 * hi-hats).
 */
export class FrameEnergies {
  readonly raw: number[] = [];
  readonly bright: number[] = [];
  private previous = 0;
  private sumRaw = 0;
  private sumBright = 0;
  private filled = 0;
  samples = 0;

  push(chunk: Float32Array) {
    for (let i = 0; i < chunk.length; i += 1) {
      const x = chunk[i]!;
      this.sumRaw += x * x;
      this.sumBright += (x - this.previous) * (x - this.previous);
      this.previous = x;
      this.filled += 1;
      if (this.filled === HOP) {
        this.raw.push(this.sumRaw);
        this.bright.push(this.sumBright);
        this.sumRaw = 0;
        this.sumBright = 0;
        this.filled = 0;
      }
    }
    this.samples += chunk.length;
  }
}

function onsetEnvelope(energies: FrameEnergies, sampleRate: number): Envelope {
  const { raw, bright } = energies;
  const frames = raw.length;
  let maxRaw = 0;
  let maxBright = 0;
  for (let f = 0; f < frames; f += 1) {
    maxRaw = Math.max(maxRaw, raw[f]!);
    maxBright = Math.max(maxBright, bright[f]!);
  }
  const onset = new Float32Array(frames);
  const loud = new Float32Array(frames);
  const weight = new Float32Array(frames);
  const scaleRaw = maxRaw > 0 ? 1000 / maxRaw : 0;
  const scaleBright = maxBright > 0 ? 1000 / maxBright : 0;
  const rise = (values: number[], f: number, scale: number) =>
    Math.max(0, Math.log1p(values[f]! * scale) - Math.log1p(values[f - 1]! * scale));
  for (let f = 1; f < frames; f += 1) {
    onset[f] = rise(raw, f, scaleRaw) + rise(bright, f, scaleBright);
  }
  // The weight of an onset: the loudest frames of the next 30 ms (a kick's body outlasts its attack), in
  // both energies (a kick is loud, a snare bright); a hi-hat's is small in both.
  for (let f = 0; f < frames; f += 1) {
    let peakRaw = 0;
    let peakBright = 0;
    for (let g = f; g < Math.min(frames, f + 5); g += 1) {
      peakRaw = Math.max(peakRaw, raw[g]!);
      peakBright = Math.max(peakBright, bright[g]!);
    }
    loud[f] = peakRaw / (maxRaw || 1);
    weight[f] = loud[f]! + peakBright / (maxBright || 1);
  }
  return { rate: sampleRate / HOP, onset, loud, weight };
}

function pickPeaks(env: Envelope): Peak[] {
  let max = 0;
  for (const v of env.onset) if (v > max) max = v;
  // Relative to the clip, and never below a real rise (x1.6 in energy): a steady tone has no beat.
  const threshold = Math.max(max * 0.15, 0.5);
  const peaks: Peak[] = [];
  const { onset } = env;
  for (let f = 1; f < onset.length - 1; f += 1) {
    const v = onset[f]!;
    if (v > threshold && v >= onset[f - 1]! && v > onset[f + 1]!) {
      // The frame holds the attack somewhere inside it: its middle.
      peaks.push({ time: (f + 0.5) / env.rate, strength: v, loudness: env.loud[f]!, weight: env.weight[f]! });
    }
  }
  return peaks;
}

/** A first tempo (seconds per beat) from the autocorrelation of `seconds` of envelope from `from`. */
function coarsePeriod(env: Envelope, from: number, seconds: number): number | null {
  const start = Math.floor(from * env.rate);
  const end = Math.min(env.onset.length, start + Math.floor(seconds * env.rate));
  const minLag = Math.floor((60 / MAX_BPM) * env.rate);
  const maxLag = Math.ceil((60 / MIN_BPM) * env.rate);
  if (end - start < maxLag * 2) return null;
  const scores = new Float64Array(maxLag + 2);
  for (let lag = minLag - 1; lag <= maxLag + 1; lag += 1) {
    let sum = 0;
    for (let i = start; i + lag < end; i += 1) sum += env.onset[i]! * env.onset[i + lag]!;
    scores[lag] = sum / (end - start - lag);
  }
  let best = -1;
  let bestScore = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    // A gentle preference for dance tempi around 120 BPM settles double/half ambiguities.
    const bpm = (60 * env.rate) / lag;
    const prior = Math.exp(-0.5 * (Math.log2(bpm / 120) / 0.9) ** 2);
    const score = scores[lag]! * prior;
    if (score > bestScore && scores[lag]! >= scores[lag - 1]! && scores[lag]! >= scores[lag + 1]!) {
      best = lag;
      bestScore = score;
    }
  }
  if (best < 0) return null;
  // Parabolic interpolation between lags.
  const [a, b, c] = [scores[best - 1]!, scores[best]!, scores[best + 1]!];
  const shift = a - 2 * b + c === 0 ? 0 : (0.5 * (a - c)) / (a - 2 * b + c);
  return (best + shift) / env.rate;
}

/** The strongest peak within `tolerance` of `time` (peaks are sorted by time). */
function peakNear(peaks: Peak[], time: number, tolerance: number): Peak | null {
  let lo = 0;
  let hi = peaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (peaks[mid]!.time < time - tolerance) lo = mid + 1;
    else hi = mid;
  }
  let best: Peak | null = null;
  for (let i = lo; i < peaks.length && peaks[i]!.time <= time + tolerance; i += 1)
    if (!best || peaks[i]!.strength > best.strength) best = peaks[i]!;
  return best;
}

interface Tracked {
  period: number;
  /** The fitted time of beat 0. */
  origin: number;
  beats: { k: number; peak: Peak }[];
}

function fit(beats: { k: number; peak: Peak }[], fallbackPeriod: number) {
  const n = beats.length;
  if (n < 2) return { period: fallbackPeriod, origin: beats[0]?.peak.time ?? 0 };
  let sk = 0;
  let st = 0;
  let skk = 0;
  let skt = 0;
  for (const { k, peak } of beats) {
    sk += k;
    st += peak.time;
    skk += k * k;
    skt += k * peak.time;
  }
  const period = (n * skt - sk * st) / (n * skk - sk * sk);
  return { period, origin: (st - period * sk) / n };
}

/** The least weight of a beat: a quarter of the median of the beats tracked so far (0 before four). */
function minBeatWeight(beats: { peak: Peak }[]) {
  if (beats.length < 4) return 0;
  const sorted = beats.map((b) => b.peak.weight).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]! * 0.25;
}

/** Tracks beats from `seed`: finds the phase on the first bars, then follows onsets while they fit. */
function track(peaks: Peak[], seed: number, period: number, end: number): Tracked | null {
  // Phase: the offset whose grid collects the most onset strength over the first two bars.
  let bestPhase = 0;
  let bestScore = -1;
  const span = period * BAR * 2;
  for (let phase = 0; phase < period; phase += 0.004) {
    let score = 0;
    for (const peak of peaks) {
      if (peak.time < seed || peak.time > seed + span) continue;
      const offset = (peak.time - seed - phase) / period;
      const distance = Math.abs(offset - Math.round(offset)) * period;
      score += peak.strength * Math.max(0, 1 - distance / 0.03);
    }
    if (score > bestScore) {
      bestScore = score;
      bestPhase = phase;
    }
  }
  const tolerance = () => Math.max(0.025, current.period * 0.08);
  const current = { period, origin: seed + bestPhase };
  const beats: { k: number; peak: Peak }[] = [];
  const recent: boolean[] = [];
  for (let k = 0; ; k += 1) {
    const expected = current.origin + k * current.period;
    if (expected > end) break;
    const found = peakNear(peaks, expected, tolerance());
    // A beat is an onset as strong as the beats so far: off-grid hi-hats of a new tempo do not keep it going.
    const peak = found && found.weight >= minBeatWeight(beats) ? found : null;
    recent.push(peak !== null);
    if (recent.length > RECENT) recent.shift();
    if (recent.length === RECENT && recent.filter(Boolean).length < RECENT / 2) break;
    if (!peak) {
      if (beats.length === 0 && k >= BAR * 2) return null;
      continue;
    }
    beats.push({ k, peak });
    if (beats.length >= 2) Object.assign(current, fit(beats, period));
  }
  // Matches after the grid was lost are chance meetings with the next tempo: drop the isolated ones at the end.
  while (beats.length > 1 && beats[beats.length - 1]!.k - beats[beats.length - 2]!.k > 1) beats.pop();
  if (beats.length < BAR * 2) return null;
  return { ...current, ...fit(beats, current.period), beats };
}

/** The bar position (0..3) of the downbeat: the one whose onsets are loudest. */
function downbeatClass(tracked: Tracked): number {
  const sums = new Array<number>(BAR).fill(0);
  const counts = new Array<number>(BAR).fill(0);
  for (const { k, peak } of tracked.beats) {
    sums[barPosition(k)]! += peak.loudness;
    counts[barPosition(k)]! += 1;
  }
  let best = 0;
  for (let m = 1; m < BAR; m += 1)
    if (sums[m]! / (counts[m] || 1) > (sums[best]! / (counts[best] || 1)) * 1.05) best = m;
  return best;
}

const barPosition = (k: number) => ((k % BAR) + BAR) % BAR;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The count grid of mono PCM: sections of steady tempo; `noCounts` when no steady beat is found. */
export function detectCountGrid(samples: Float32Array, sampleRate = ANALYSIS_SAMPLE_RATE): TCountGrid {
  const energies = new FrameEnergies();
  energies.push(samples);
  return countGridOf(energies, sampleRate);
}

/** The count grid of the frame energies of a whole track. */
export function countGridOf(energies: FrameEnergies, sampleRate = ANALYSIS_SAMPLE_RATE): TCountGrid {
  const env = onsetEnvelope(energies, sampleRate);
  const peaks = pickPeaks(env);
  const duration = energies.samples / sampleRate;
  const sections: (TCountSection & { lastBeat: number; firstBeat: number })[] = [];
  let seed = peaks[0]?.time ?? duration;
  while (seed < duration - 2) {
    const period = coarsePeriod(env, seed, 6);
    const tracked = period ? track(peaks, seed, period, duration) : null;
    if (!tracked) {
      seed += 2;
      continue;
    }
    // Back towards the previous section while onsets land on this grid: where the new tempo really starts.
    const previousSection = sections[sections.length - 1];
    let firstK = tracked.beats[0]!.k;
    const floor = previousSection ? previousSection.firstBeat : 0;
    while (tracked.origin + (firstK - 1) * tracked.period > floor) {
      const time = tracked.origin + (firstK - 1) * tracked.period;
      const peak = peakNear(peaks, time, Math.max(0.025, tracked.period * 0.08));
      if (!peak || peak.weight < minBeatWeight(tracked.beats)) break;
      firstK -= 1;
      tracked.beats.unshift({ k: firstK, peak });
    }
    const first = tracked.beats[0]!;
    const last = tracked.beats[tracked.beats.length - 1]!;
    const downbeatK = first.k + barPosition(downbeatClass(tracked) - first.k);
    const section = {
      fromSeconds: 0,
      bpm: 60 / tracked.period,
      downbeatSeconds: tracked.origin + downbeatK * tracked.period,
      firstBeat: tracked.origin + first.k * tracked.period,
      lastBeat: last.peak.time,
    };
    const previous = sections[sections.length - 1];
    // The same tempo and bars after a gap (a break in the music) stays one section.
    const barsApart = previous
      ? ((section.downbeatSeconds - previous.downbeatSeconds) * previous.bpm) / 60 / BAR
      : 0;
    const sameGrid =
      previous &&
      Math.abs(previous.bpm - section.bpm) < 1 &&
      Math.abs(barsApart - Math.round(barsApart)) < 0.02;
    if (sameGrid) previous.lastBeat = section.lastBeat;
    else {
      // Between the two grids; a beat both grids claim goes to the new section.
      if (previous)
        section.fromSeconds =
          section.firstBeat > previous.lastBeat + 0.05
            ? (previous.lastBeat + section.firstBeat) / 2
            : section.firstBeat - 0.05;
      sections.push(section);
    }
    const next = peaks.find((p) => p.time > last.peak.time + tracked.period / 2);
    if (!next) break;
    seed = next.time;
  }
  if (sections.length === 0) return { noCounts: true, sections: [], source: 'detected' };
  return {
    noCounts: false,
    source: 'detected',
    sections: sections.map((s, i) => ({
      fromSeconds: i === 0 ? 0 : round(s.fromSeconds, 3),
      bpm: round(s.bpm, 2),
      downbeatSeconds: round(s.downbeatSeconds, 3),
    })),
  };
}
