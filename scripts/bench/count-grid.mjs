// `pnpm bench countgrid`: what the count grid (issue 20) adds to local processing. The beat tracker's decode
// and analysis of the 60 s bench source (median of 3) against the ladder transcode of the same source, one
// after the other on the same machine. In the pipeline the two run side by side, so the wall time the grid
// adds is at most its own time.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { formatNumber, formatSeconds } from './lib.mjs';
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
        result: `${formatSeconds(detectMs)} vs ${formatSeconds(transcodeMs)} (${formatNumber(share * 100, 1)}%)`,
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
