/** A small seeded generator (mulberry32): the same seed gives the same order, so a failure reproduces. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle driven by `seed`; the input is not changed. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Every item `times` times, shuffled together: replays and reordering at once, as a provider may deliver. */
export const replayedAndShuffled = <T>(items: readonly T[], times: number, seed: number): T[] =>
  seededShuffle(Array.from({ length: times }, () => items).flat(), seed);

/** The seeds every webhook test runs with (printed in the test names). */
export const WEBHOOK_SEEDS = [1, 7, 42, 1337, 20261123] as const;
