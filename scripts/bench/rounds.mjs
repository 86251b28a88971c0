// Comparing two servers on a shared machine: run them in alternating short rounds, so background load hits
// both alike, and take the median of the per-round ratios (adjacent rounds share the machine's conditions;
// the median ignores a round spoilt by a burst of other work).

/**
 * Runs `measure(url)` alternately on the URLs, `rounds` times each; returns the per-server results. Each round
 * starts with the next server (AB, BA, …): a fixed order favoured whichever server ran in the same place in
 * every round (up to 10 points in our runs).
 */
export async function alternate(rounds, urls, measure) {
  const results = urls.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < urls.length; step++) {
      const index = (round + step) % urls.length;
      results[index].push(await measure(urls[index]));
    }
  }
  return results;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Median over rounds of measured[key] / baseline[key], round by round. */
export const medianRatio = (measured, baseline, key) =>
  median(measured.map((result, round) => result[key] / baseline[round][key]));
