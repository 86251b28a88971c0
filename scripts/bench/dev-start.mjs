// Budget: `pnpm dev` from a populated install (dependencies installed, data folder seeded) to all three
// apps answering 200 takes 20 s or less.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  answersOk,
  formatSeconds,
  isListening,
  NotMeasured,
  ROOT,
  sleep,
  spawnGroup,
  stopGroup,
} from './lib.mjs';

const BUDGET_MS = 20_000;
/** Keep polling past the budget so an over-budget start is still measured; never forever. */
const GIVE_UP_MS = 120_000;
const URLS = {
  api: 'http://localhost:3000/health',
  member: 'http://localhost:5173/',
  admin: 'http://localhost:5174/',
};

/** Starts `pnpm dev`, polls the three URLs every 100 ms, and stops the whole tree. */
async function timeDevStart(logFile) {
  const started = performance.now();
  const child = spawnGroup('pnpm', ['dev'], { env: { ...process.env, FORCE_COLOR: '0' }, logFile });
  const readyAt = {};
  try {
    while (performance.now() - started < GIVE_UP_MS) {
      if (child.exitCode !== null)
        throw new Error(`pnpm dev exited with code ${child.exitCode}; see ${logFile}`);
      const pending = Object.entries(URLS).filter(([name]) => readyAt[name] === undefined);
      if (pending.length === 0) break;
      const answers = await Promise.all(pending.map(([, url]) => answersOk(url)));
      const now = performance.now() - started;
      pending.forEach(([name], i) => {
        if (answers[i]) readyAt[name] = now;
      });
      await sleep(100);
    }
  } finally {
    await stopGroup(child, { graceMs: 20_000 });
  }
  const missing = Object.keys(URLS).filter((name) => readyAt[name] === undefined);
  return { totalMs: missing.length ? null : Math.max(...Object.values(readyAt)), readyAt, missing };
}

export async function runDevStart() {
  for (const url of Object.values(URLS)) {
    if (await isListening(url)) {
      throw new NotMeasured(
        `${new URL(url).host} is in use (is \`pnpm dev\` running?); stop it and run again`,
      );
    }
  }
  const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-dev-'));
  const notes = [];
  try {
    if (!existsSync(dataDir)) {
      // The budget is for a populated install: a first start seeds the data folder, so it is not timed.
      console.log(`dev: ${dataDir} does not exist yet; a first, untimed start seeds it`);
      const first = await timeDevStart(join(workDir, 'dev-first.log'));
      notes.push(
        `first start (seeding an empty data folder, not timed against the budget): ${first.totalMs === null ? 'did not finish' : formatSeconds(first.totalMs)}`,
      );
    }
    console.log('dev: timing `pnpm dev` until the API, the member app and the admin app answer 200');
    const run = await timeDevStart(join(workDir, 'dev.log'));
    const parts = Object.entries(run.readyAt)
      .map(([name, ms]) => `${name} ${formatSeconds(ms)}`)
      .join(', ');
    return {
      rows: [
        {
          measure: '`pnpm dev` to all three apps answering (populated install)',
          result:
            run.totalMs === null
              ? `not ready after ${GIVE_UP_MS / 1000} s (${run.missing.join(', ')} missing)`
              : formatSeconds(run.totalMs),
          budget: `<= ${BUDGET_MS / 1000} s`,
          isWithin: run.totalMs !== null && run.totalMs <= BUDGET_MS,
        },
      ],
      details: [
        `- dev: wall time from spawning \`pnpm dev\` until ${Object.values(URLS).join(', ')} all answered 200 ` +
          `(polled every 100 ms), data folder \`${dataDir}\`; each became ready at: ${parts || 'none'}.`,
        ...notes.map((note) => `  - ${note}`),
      ],
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
