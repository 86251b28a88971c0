/**
 * The duration histogram of `release_audit_rollup.duration_hist`: log-spaced bins (about 25 % wide) from 1 ms to
 * 10 minutes, so a p95 read from the rollup is within one bin of the exact one and is interpolated inside it
 * (decision 0031). Changing the edges invalidates stored rollups: rebuild them with `rebuildReleaseAuditRollup`.
 */
export const DURATION_BIN_EDGES_MS: readonly number[] = (() => {
  const edges: number[] = [];
  for (let k = 0; ; k++) {
    const edge = Math.round(1.25 ** k);
    if (edge > 600_000) break;
    if (edges.at(-1) !== edge) edges.push(edge);
  }
  return edges;
})();

/** Number of bins: one below the first edge, one per edge. */
export const DURATION_BIN_COUNT = DURATION_BIN_EDGES_MS.length + 1;

/** The 0-based bin of a duration, as PostgreSQL's `width_bucket(duration, edges)` computes it. */
export function durationBin(durationMs: number): number {
  let low = 0;
  let high = DURATION_BIN_EDGES_MS.length;
  // The number of edges <= durationMs.
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((DURATION_BIN_EDGES_MS[mid] as number) <= durationMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Adds `source` into `target` bin by bin. */
export function addHistogram(target: number[], source: readonly number[]) {
  for (let i = 0; i < source.length; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0);
}

/**
 * The q-quantile (0..1) of the durations counted in a histogram, interpolated linearly inside its bin; null
 * when the histogram is empty. The last bin (10 minutes and more) answers its lower edge.
 */
export function histogramQuantile(hist: readonly number[], q: number): number | null {
  const total = hist.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let bin = 0; bin < hist.length; bin++) {
    const n = hist[bin] ?? 0;
    if (n === 0) continue;
    if (seen + n >= rank) {
      const low = bin === 0 ? 0 : (DURATION_BIN_EDGES_MS[bin - 1] as number);
      const high = DURATION_BIN_EDGES_MS[bin];
      if (high === undefined) return low;
      const within = Math.min(1, Math.max(0, (rank - seen) / n));
      return Math.round((low + (high - low) * within) * 10) / 10;
    }
    seen += n;
  }
  return DURATION_BIN_EDGES_MS.at(-1) ?? null;
}
