// Run by `pnpm bench countgrid` (scripts/bench/count-grid.mjs): times the count grid of a source against the
// transcode of the same source, one after the other, and prints the figures as JSON.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia } from '../local/ffmpeg';
import { planLadder, transcodeLadder } from '../local/transcode';
import { detectMediaCountGrid } from '.';

const source = process.argv[2]!;
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const probe = (await probeMedia(source))!;
const detections: { wallMs: number }[] = [];
let grid = null;
for (let i = 0; i < 3; i += 1) {
  const started = performance.now();
  grid = await detectMediaCountGrid(source);
  detections.push({ wallMs: performance.now() - started });
}
const cpuBefore = cpu();
await detectMediaCountGrid(source);
const trackerCpuMs = cpu() - cpuBefore;

const out = await mkdtemp(join(tmpdir(), 'count-grid-bench-'));
const ladder = planLadder(probe.height);
for (const plan of ladder) await mkdir(join(out, plan.name), { recursive: true });
const started = performance.now();
await transcodeLadder(
  { source, outDir: out, durationSeconds: probe.durationSeconds, hasAudio: probe.hasAudio },
  ladder,
  () => {},
);
const transcodeMs = performance.now() - started;
await rm(out, { recursive: true, force: true });
const sorted = detections.map((d) => d.wallMs).sort((a, b) => a - b);
console.log(
  JSON.stringify({ detectMs: sorted[1], trackerCpuMs, transcodeMs, grid, seconds: probe.durationSeconds }),
);
