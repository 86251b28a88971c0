// `pnpm bench countgrid`: what the count grid (issue 20) adds to local processing. The beat tracker's decode
// and analysis of the 60 s bench source (median of 3) against the ladder transcode of the same source, one
// after the other on the same machine. In the pipeline the two run side by side, so the wall time the grid
// adds is at most its own time.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { formatNumber, formatSeconds, NotMeasured, ROOT } from './lib.mjs';
import { ensureSource } from './processing.mjs';

const BUDGET = 0.1;

export async function runCountGrid() {
  const { file } = ensureSource(60);
  const loadBefore = os.loadavg()[0];
  const result = spawnSync(
    'pnpm',
    ['--filter', '@dance/api', 'exec', 'tsx', 'src/adapters/video/count-grid/bench.ts', file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`count grid bench failed: ${result.stderr.slice(-2000)}`);
  const line = result.stdout.trim().split('\n').pop();
  const { detectMs, trackerCpuMs, transcodeMs, grid, seconds } = JSON.parse(line);
  const share = detectMs / transcodeMs;
  return {
    rows: [
      {
        measure: `Count grid of a ${seconds} s 1080p upload, against its transcode`,
        result: `${formatSeconds(detectMs)} vs ${formatSeconds(transcodeMs)} (${formatNumber(share * 100, 2)}%)`,
        budget: `< ${BUDGET * 100}%`,
        isWithin: share < BUDGET,
      },
    ],
    details: [
      `- countgrid: the bench source of \`processing\` (60 s 1920x1080 H.264 + AAC beeps); the count grid ` +
        `(ffmpeg decode to mono 22.05 kHz PCM and the beat tracker, median of 3 runs; ` +
        `${formatNumber(trackerCpuMs)} ms of the API process's own CPU), then the ladder transcode alone; ` +
        `grid: ${JSON.stringify(grid)}; ${os.cpus().length} cores, load average ${formatNumber(loadBefore, 1)} ` +
        `at the start and ${formatNumber(os.loadavg()[0], 1)} at the end (other work included).`,
    ],
  };
}

const COUNTS_PORT_BASE = Number(process.env.BENCH_COUNTS_PORT_BASE ?? 4480);

/**
 * `pnpm bench counts`: the player's two counting budgets, measured by the e2e that checks them
 * (apps/member/e2e/player-counts.spec.ts, its own API and Vite servers on ports 4480-4482): the count on
 * screen against the grid at 0.5x, 1x and 1.5x (worst distance in frames), and the loop's jump back (the
 * median frozen picture of five jumps, from the frames' presentation times).
 */
export async function runCounts() {
  const reportFile = join(os.tmpdir(), `bench-counts-${process.pid}.json`);
  const loadBefore = os.loadavg()[0];
  const result = spawnSync(
    'npx',
    ['playwright', 'test', 'apps/member/e2e/player-counts.spec.ts', '--project=member', '--reporter=line'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, E2E_PORT_BASE: String(COUNTS_PORT_BASE), PLAYER_COUNTS_REPORT: reportFile },
    },
  );
  if (!existsSync(reportFile))
    throw new NotMeasured(
      `the spec wrote no figures: ${result.stdout.slice(-1500)} ${result.stderr.slice(-500)}`,
    );
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile, { force: true });
  const rows = report.countDisplay.map(({ rate, worst, samples }) => ({
    measure: `Count display against the grid at ${rate}x (${samples} frames)`,
    result: `worst ${worst} frame(s) off`,
    budget: '<= 1 frame',
    isWithin: worst <= 1,
  }));
  if (report.loopJumps)
    rows.push({
      measure: `Loop jump, frozen picture (median of ${report.loopJumps.frozenMs.length})`,
      result: `${formatNumber(report.loopJumps.medianMs, 1)} ms (${report.loopJumps.frozenMs
        .map((f) => formatNumber(f, 0))
        .join(', ')})`,
      budget: '< 50 ms',
      isWithin: report.loopJumps.medianMs < 50,
    });
  const seekLate = report.loopJumps?.jumps.map((j) => formatNumber(j.seekAfterMs, 0)).join(', ') ?? '';
  // The spec records no delay (NaN, null in JSON) when no 'seeked' of this jump had been seen when it measured.
  const seeked =
    report.loopJumps?.jumps
      .map((j) => (j.seekedAfterMs === null ? 'not seen' : formatNumber(j.seekedAfterMs, 0)))
      .join(', ') ?? '';
  return {
    rows,
    details: [
      `- counts: \`apps/member/e2e/player-counts.spec.ts\` in headless Chromium on a demo video (24 fps, known ` +
        `beat); ${result.status === 0 ? 'the spec passed' : 'the spec FAILED (figures as far as it got)'}. ` +
        `Loop jumps: the seek was issued ${seekLate} ms after the last frame of the run was shown, and ` +
        `'seeked' came ${seeked} ms after it. ${os.cpus().length} cores, load average ` +
        `${formatNumber(loadBefore, 1)} at the start and ${formatNumber(os.loadavg()[0], 1)} at the end ` +
        `(other work included).`,
    ],
  };
}
