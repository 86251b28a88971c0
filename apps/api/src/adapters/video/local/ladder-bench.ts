// Run by `pnpm bench processing` (scripts/bench/processing.mjs): the ladder of a source encoded with the
// settings before issue 21 ("old": one ffmpeg process, x264 veryfast for every rendition, the hls muxer's
// 4 s segments) and with the pipeline's own ("new": transcodeLadder, lowest rendition first), one after
// the other, so the gain shows on a loaded machine. Prints wall and CPU times (ffmpeg's, from the
// children's times of this process) as JSON.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia, runFfmpeg } from './ffmpeg';
import { hlsOutputArgs, planLadder, transcodeLadder } from './transcode';

const [source, order = 'old,new'] = process.argv.slice(2);
if (!source) throw new Error('usage: ladder-bench.ts <source> [old,new]');

/** CPU time of the finished children (ffmpeg), in ms; null off Linux. */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime: fields 16 and 17 of the file, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

const probe = (await probeMedia(source))!;
const ladder = planLadder(probe.height);
const input = (outDir: string) => ({
  source,
  outDir,
  durationSeconds: probe.durationSeconds,
  hasAudio: probe.hasAudio,
});

/** The ladder command as it was before issue 21 (decision 0057 keeps it here as the reference). */
async function oldLadder(outDir: string) {
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = ladder.map((p, i) => `[s${i}]scale=-2:${p.height}:flags=bicubic,format=yuv420p[v${i}]`);
  await runFfmpeg([
    '-i',
    source!,
    '-filter_complex',
    [split, ...scales].join(';'),
    ...ladder.flatMap((plan, i) => [
      '-map',
      `[v${i}]`,
      ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', plan.profile, '-level', plan.level],
      ...['-b:v', `${plan.videoKbps}k`, '-maxrate', `${Math.round(plan.videoKbps * 1.07)}k`],
      ...['-bufsize', `${Math.round(plan.videoKbps * 1.5)}k`],
      ...['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'],
      ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'] : []),
      ...hlsOutputArgs(join(outDir, plan.name)),
    ]),
  ]);
}

async function newLadder(outDir: string) {
  const [lowest, ...rest] = ladder;
  await transcodeLadder(input(outDir), [lowest!], () => {});
  const firstMs = performance.now();
  if (rest.length) await transcodeLadder(input(outDir), rest, () => {});
  return firstMs;
}

const results: Record<string, { wallMs: number; cpuMs: number | null; firstPassMs?: number }> = {};
for (const mode of order.split(',')) {
  const out = await mkdtemp(join(tmpdir(), `ladder-bench-${mode}-`));
  for (const plan of ladder) await mkdir(join(out, plan.name), { recursive: true });
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const firstAt = mode === 'old' ? null : await newLadder(out);
  if (mode === 'old') await oldLadder(out);
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  results[mode] = {
    wallMs,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    ...(firstAt === null ? {} : { firstPassMs: firstAt - started }),
  };
  await rm(out, { recursive: true, force: true });
}
console.log(JSON.stringify({ seconds: probe.durationSeconds, results }));
