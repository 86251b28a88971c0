#!/usr/bin/env node
// `pnpm test:scale` (issue 19): three web processes and two workers of the built API on one PostgreSQL and one
// Redis, behind Caddy, and the claims of scaling out, each printed as PASS or FAIL:
// shared rate limit and login lockout, catalogue changes seen everywhere within 1 s, a cron run once, a rolling
// restart under traffic losing no request and no upload, a worker killed mid-transcode taken over, a backup
// that restores.
// Skipped (exit 0, with the reason) when PostgreSQL or Redis does not answer or Caddy cannot be installed.
// SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is where it creates dance_scale.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { requireFromApi } from '../bench/lib.mjs';
import { restoreCheck } from '../ops/restore-check.mjs';
import {
  checkCatalogueChange,
  checkCronOnce,
  checkLoginLockout,
  checkMetrics,
  checkRateLimit,
  checkRollingRestart,
  checkTakeover,
  killWorkerMidTranscode,
  logIn,
  scheduleEveryMinute,
} from './checks.mjs';
import { answersTcp, Cluster, ensureCaddy, portsFrom, redisCommand } from './cluster.mjs';
import { closeAgents } from './http.mjs';
import { checkInfraFiles } from './infra-files.mjs';

const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'dance_scale';
const REDIS_DB = 13;
const PORT_BASE = Number(process.env.SCALE_PORT_BASE ?? 4500);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const results = [];
function report(check) {
  results.push(check);
  console.log(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}\n     ${check.detail}`);
}

/** A little real video (colour bars and a tone), as the pipeline test makes its source. */
function makeClip(dir, seconds) {
  const ffmpeg = requireFromApi('@ffmpeg-installer/ffmpeg').path;
  const path = join(dir, 'clip.mp4');
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=640x360:rate=24:duration=${seconds}`];
  args.push(
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
  );
  args.push('-c:a', 'aac', '-shortest', '-y', path);
  const run = spawnSync(ffmpeg, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffmpeg could not make the clip: ${run.stderr}`);
  return readFileSync(path);
}

function skip(reason) {
  console.log(`scale: skipped: ${reason}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

async function main() {
  const infra = checkInfraFiles();
  report({
    name: 'deployment files parse and match the proof (infra/, k8s, observability, workflow)',
    ok: infra.problems.length === 0,
    detail: infra.problems.length
      ? infra.problems.join('; ')
      : `${infra.files} YAML files, dashboard JSON, alert rules`,
  });

  if (!(await answersTcp(5432))) skip('no PostgreSQL at 127.0.0.1:5432');
  if (!(await answersTcp(6379))) skip('no Redis at 127.0.0.1:6379');
  const caddyProblem = ensureCaddy();
  if (caddyProblem) skip(caddyProblem);
  const ports = portsFrom(PORT_BASE, { webs: 3, workers: 2 });
  for (const port of [
    ports.caddy,
    ...ports.webs.flatMap((w) => [w.port, w.metrics]),
    ...ports.workers.flatMap((w) => [w.port, w.metrics]),
  ]) {
    if (await answersTcp(port))
      throw new Error(`port ${port} is busy: another run of the proof, or something else`);
  }

  console.log(`scale: building the API (${elapsed()})`);
  Cluster.build();
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-scale-'));
  const postgres = requireFromApi('postgres');
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const databaseUrl = url.toString();
  await redisCommand(6379, [`SELECT ${REDIS_DB}`, 'FLUSHDB']);
  const redisUrl = `redis://127.0.0.1:6379/${REDIS_DB}`;

  const cluster = new Cluster({ workDir, databaseUrl, redisUrl, ports });
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let isDone = false;
  try {
    console.log(`scale: migrating once and seeding the demo data (${elapsed()})`);
    cluster.migrateAndSeed({ seed: true });
    const clip = makeClip(workDir, 12);
    console.log(`scale: starting 3 web processes, 2 workers and Caddy (${elapsed()})`);
    await Promise.all([
      ...ports.webs.map((_, i) => cluster.start(`web:${i}`)),
      ...ports.workers.map((_, i) => cluster.start(`worker:${i}`)),
    ]);
    await cluster.startCaddy();
    const base = `http://127.0.0.1:${ports.caddy}`;
    const adminSession = await logIn(base, 'admin@demo.test', '127.0.0.2');

    // Long waits run in the background while the quick checks run: the takeover, the cron's next minute.
    console.log(`scale: uploading a clip and killing the worker that transcodes it (${elapsed()})`);
    const killed = await killWorkerMidTranscode({ cluster, base, admin: adminSession, sql, clip }).catch(
      (error) => ({
        error: error.message,
      }),
    );
    if (!killed.error) console.log(`scale: SIGKILLed ${killed.killed} mid-transcode (${elapsed()})`);

    report(await checkRateLimit({ cluster, base }));
    report(await checkLoginLockout({ cluster }));
    report(await checkCatalogueChange({ cluster, base, admin: adminSession }));
    if (killed.restarted) await killed.restarted;
    // After the replacement worker started (a starting worker puts its crons back as defined).
    const cronSince = await scheduleEveryMinute(sql);
    console.log(`scale: rolling restart under traffic (${elapsed()})`);
    report(await checkRollingRestart({ cluster, base, admin: adminSession, clip }));
    report(await checkMetrics({ cluster }));
    console.log(`scale: waiting for the cron and the taken-over transcode (${elapsed()})`);
    report(await checkCronOnce({ sql, since: cronSince, deadlineMs: 100_000 }));
    report(await checkTakeover({ base, admin: adminSession, sql, killed, deadlineMs: 150_000 }));
    // A backup taken while the cluster runs restores with every row (docs/runbooks/backups.md).
    const restored = await restoreCheck(databaseUrl).catch((error) => ({ ok: false, detail: error.message }));
    report({
      name: 'backup taken under load restores into a new database with equal row counts',
      ...restored,
    });
    isDone = true;
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
    await cluster.shutdown();
    closeAgents();
    if (isDone && results.every((r) => r.ok)) {
      rmSync(workDir, { recursive: true, force: true });
      const cleanup = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
      await cleanup.end();
    } else console.log(`scale: logs kept in ${workDir}, database ${DB_NAME} kept`);
  }
  const failed = results.filter((r) => !r.ok);
  console.log(
    `\nscale: ${results.length - failed.length} passed, ${failed.length} failed in ${elapsed()}${failed.length ? `: ${failed.map((f) => f.name).join('; ')}` : ''}`,
  );
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(`scale: FAIL ${error.stack ?? error}`);
  process.exit(1);
});
