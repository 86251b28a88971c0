#!/usr/bin/env node
// `pnpm test:e2e` (and the end of `pnpm test`): the Playwright suite in two lanes at once (decision 0060). Each
// lane is a Playwright run of its own, with its own API on its own fresh database and its own app servers
// (E2E_PORT_BASE, and that base + 30 for the second lane), so no test sees another lane's demo accounts, saved
// positions, playlists or settings: the tests stay as isolated as in one run with one worker. The spec files are
// split between the lanes by their last measured durations (scripts/e2e-lanes.json, longest first onto the
// lane with less work); a new spec file gets the median weight, so nothing is ever left out.
//
//   node scripts/e2e.mjs            both lanes; exits non-zero when a test of either fails
//   node scripts/e2e.mjs --record   the same, then writes each file's measured seconds to scripts/e2e-lanes.json
//   E2E_LANES=1                     one lane (the plain `playwright test`)
import { spawn } from 'node:child_process';
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const weightsFile = join(root, 'scripts/e2e-lanes.json');
const record = process.argv.includes('--record');
const laneCount = Math.max(1, Number(process.env.E2E_LANES ?? 2));
const base = Number(process.env.E2E_PORT_BASE ?? 0);
// Lane 1 keeps the configured ports (playwright.config.ts's defaults when no base is given).
const laneBase = (lane) => (lane === 0 ? base : (base || 3100) + 30 * lane);

const files = globSync('apps/*/e2e/**/*.spec.ts', { cwd: root }).sort();
const weights = existsSync(weightsFile) ? JSON.parse(readFileSync(weightsFile, 'utf8')).seconds : {};
const known = Object.values(weights).sort((a, b) => a - b);
const fallback = known.length ? known[Math.floor(known.length / 2)] : 30;
const weightOf = (file) => weights[file] ?? fallback;

/** Longest file first, each onto the lane with the least work so far. */
const lanes = Array.from({ length: laneCount }, () => ({ files: [], seconds: 0 }));
for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
  const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
  lane.files.push(file);
  lane.seconds += weightOf(file);
}

const started = Date.now();
const runs = lanes.map((lane, i) => {
  const name = `lane ${i + 1}`;
  const out = join(root, 'test-results', `lane-${i + 1}`);
  const report = join(root, 'test-results', `lane-${i + 1}.json`);
  rmSync(report, { force: true });
  console.log(
    `--- e2e ${name}: ${lane.files.length} files, about ${Math.round(lane.seconds)} s of tests, ports from ${laneBase(i) || 'the defaults'}`,
  );
  const child = spawn(
    'pnpm',
    ['exec', 'playwright', 'test', '--output', out, '--add-reporter', 'json', ...lane.files.sort()],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        E2E_PORT_BASE: String(laneBase(i)),
        PLAYWRIGHT_JSON_OUTPUT_FILE: report,
        PLAYWRIGHT_HTML_OUTPUT_DIR: join(root, 'playwright-report', `lane-${i + 1}`),
      },
    },
  );
  const prefix = laneCount > 1 ? `[${name}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    const target = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => target.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`--- e2e ${name} ended in ${seconds.toFixed(0)} s (${signal ?? `exit ${code}`})`);
      resolve({ name, code: code ?? 1, report, seconds });
    });
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  });
});

const results = await Promise.all(runs);

/** Seconds per spec file from a lane's JSON report (the sum of its tests' attempts). */
function fileSeconds(report) {
  if (!existsSync(report)) return {};
  const totals = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? [])
          totals[spec.file] = (totals[spec.file] ?? 0) + (r.duration ?? 0) / 1000;
    for (const child of suite.suites ?? []) walk(child);
  };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  for (const suite of json.suites ?? []) walk(suite);
  return totals;
}

const measured = {};
for (const r of results) {
  const byFile = fileSeconds(r.report);
  for (const [file, s] of Object.entries(byFile)) {
    // Reports name files from the test directory (the repository root).
    measured[file] = Math.round(s);
  }
  const testSeconds = Object.values(byFile).reduce((a, b) => a + b, 0);
  console.log(
    `--- e2e ${r.name}: ${testSeconds.toFixed(0)} s in tests, ${r.seconds.toFixed(0)} s in all (load average ${loadAverage()})`,
  );
}
if (record && Object.keys(measured).length > 0) {
  const seconds = Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(
    weightsFile,
    `${JSON.stringify(
      {
        note: 'Seconds each spec file took in its lane (node scripts/e2e.mjs --record); scripts/e2e.mjs splits the files between its lanes by these.',
        seconds,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`--- e2e: wrote ${Object.keys(seconds).length} files' seconds to scripts/e2e-lanes.json`);
}
console.log(`--- e2e: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
