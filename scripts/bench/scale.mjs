// Issue 19 budgets: the library page through Caddy over three web processes with the Redis-backed rate limit,
// against one process answered directly (same run, alternating rounds), and the rolling restart's failed
// requests out of >= 10,000. Needs PostgreSQL, Redis and Caddy as `pnpm test:scale` does (the same cluster code).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { checkRollingRestart, LIBRARY_PATH, logIn } from '../scale/checks.mjs';
import {
  API_DIR,
  answersTcp,
  Cluster,
  ensureCaddy,
  portsFrom,
  processEnv,
  redisCommand,
  waitForStatus,
} from '../scale/cluster.mjs';
import { closeAgents } from '../scale/http.mjs';
import { formatNumber, NotMeasured, requireFromApi, spawnGroup, stopGroup } from './lib.mjs';
import { alternate, median, medianRatio } from './rounds.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'dance_bench_scale';
const REDIS_DB = 14;
const PORT_BASE = 4550;
const SINGLE_PORT = 4548;
const ROUNDS = 7;
const ROUND_S = 3;

const caddyVersion = () =>
  /v?(\d+\.\d+\.\d+)/.exec(spawnSync('caddy', ['version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ??
  'unknown';

async function cannon(autocannon, url, headers = {}) {
  const result = await autocannon({ url, connections: 20, duration: ROUND_S, pipelining: 1, headers });
  return {
    rps: result['2xx'] / ROUND_S,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function runScale() {
  if (!(await answersTcp(5432))) throw new NotMeasured('no PostgreSQL at 127.0.0.1:5432');
  if (!(await answersTcp(6379))) throw new NotMeasured('no Redis at 127.0.0.1:6379');
  const caddyProblem = ensureCaddy();
  if (caddyProblem) throw new NotMeasured(caddyProblem);
  const autocannon = requireFromApi('autocannon');
  Cluster.build();
  const postgres = requireFromApi('postgres');
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const databaseUrl = url.toString();
  await redisCommand(6379, [`SELECT ${REDIS_DB}`, 'FLUSHDB']);
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-scale-'));
  const ports = portsFrom(PORT_BASE, { webs: 3, workers: 1 });
  // A limit no bench reaches, so every request still goes through the shared store (the cost measured).
  const extraEnv = { RATE_LIMIT_MAX: '100000000' };
  const cluster = new Cluster({
    workDir,
    databaseUrl,
    redisUrl: `redis://127.0.0.1:6379/${REDIS_DB}`,
    ports,
    extraEnv,
  });
  let single = null;
  try {
    cluster.migrateAndSeed({ seed: true });
    await Promise.all([
      cluster.start('web:0'),
      cluster.start('web:1'),
      cluster.start('web:2'),
      cluster.start('worker:0'),
    ]);
    await cluster.startCaddy();
    // The one process of a single-machine install: APP_ROLE=all, the in-process rate-limit store, no balancer.
    const env = processEnv({
      role: 'all',
      port: SINGLE_PORT,
      metricsPort: 0,
      databaseUrl,
      redisUrl: '',
      dataDir: cluster.dataDir,
      extra: extraEnv,
    });
    delete env.REDIS_URL;
    single = spawnGroup(process.execPath, ['dist/server.js'], {
      cwd: API_DIR,
      env,
      logFile: join(workDir, 'single.log'),
    });
    await waitForStatus(`http://127.0.0.1:${SINGLE_PORT}/ready`, { child: single, timeoutMs: 60_000 });

    const viaCaddy = `http://127.0.0.1:${ports.caddy}${LIBRARY_PATH}`;
    const direct = `http://127.0.0.1:${SINGLE_PORT}${LIBRARY_PATH}`;
    // One web process of the cluster asked directly: the Redis store's cost without the balancer's.
    const webDirect = `http://127.0.0.1:${ports.webs[0].port}${LIBRARY_PATH}`;
    console.log('scale: warming up');
    for (const target of [viaCaddy, direct, webDirect]) await cannon(autocannon, target);
    const [caddyRounds, directRounds, webRounds] = await alternate(
      ROUNDS,
      [viaCaddy, direct, webDirect],
      (target) => cannon(autocannon, target),
    );
    const ratio = medianRatio(caddyRounds, directRounds, 'rps');
    const redisRatio = medianRatio(webRounds, directRounds, 'rps');
    const caddyRps = median(caddyRounds.map((r) => r.rps));
    const directRps = median(directRounds.map((r) => r.rps));
    const webRps = median(webRounds.map((r) => r.rps));
    const caddyP99 = median(caddyRounds.map((r) => r.p99));
    const directP99 = median(directRounds.map((r) => r.p99));
    // A member's library page: the session is looked up and the saved flags added on every request.
    const member = await logIn(`http://127.0.0.1:${SINGLE_PORT}`, 'dancer@demo.test', '127.0.0.3');
    const headers = { cookie: member.cookie };
    const [memberCaddy, memberDirect] = await alternate(ROUNDS, [viaCaddy, direct], (target) =>
      cannon(autocannon, target, headers),
    );
    const memberRatio = medianRatio(memberCaddy, memberDirect, 'rps');
    const memberCaddyRps = median(memberCaddy.map((r) => r.rps));
    const memberDirectRps = median(memberDirect.map((r) => r.rps));
    await stopGroup(single);
    single = null;

    console.log('scale: rolling restart under traffic');
    const session = await logIn(`http://127.0.0.1:${ports.caddy}`, 'admin@demo.test', '127.0.0.2');
    const restart = await checkRollingRestart({
      cluster,
      base: `http://127.0.0.1:${ports.caddy}`,
      admin: session,
    });
    const { failed, answered } = restart;
    return {
      rows: [
        {
          measure: 'Library page through Caddy + Redis rate limit (3 web processes) vs one process directly',
          result: `${formatNumber(ratio, 2)} (${formatNumber(caddyRps)} vs ${formatNumber(directRps)} req/s; p99 ${formatNumber(caddyP99)} vs ${formatNumber(directP99)} ms)`,
          budget: '>= 0.75',
          isWithin: ratio >= 0.75,
        },
        {
          measure: '… the same for a member (session looked up, saved flags added on every request)',
          result: `${formatNumber(memberRatio, 2)} (${formatNumber(memberCaddyRps)} vs ${formatNumber(memberDirectRps)} req/s)`,
          budget: '>= 0.75',
          isWithin: memberRatio >= 0.75,
        },
        {
          measure:
            '… one web process of the cluster directly (Redis rate-limit store, no balancer) vs one process',
          result: `${formatNumber(redisRatio, 2)} (${formatNumber(webRps)} vs ${formatNumber(directRps)} req/s)`,
          budget: '(shows the Redis store alone)',
          isWithin: null,
        },
        {
          measure: 'Rolling restart of the 3 web processes under 300 req/s: failed requests',
          result: `${formatNumber(failed)} of ${formatNumber(answered + restart.errors)}`,
          budget: '0 of >= 10,000',
          isWithin: failed === 0 && answered >= 10_000,
        },
      ],
      details: [
        `- scale: PostgreSQL at ${url.host} and Redis at 127.0.0.1:6379 on this machine, Caddy ${caddyVersion()} with infra/Caddyfile's upstream block, the demo catalogue (guest library page, ${LIBRARY_PATH}); API as built, NODE_ENV=production, rate limit on (limit 100,000,000/min so the bench is never limited: every request still counts in Redis or in process); autocannon 20 connections from 127.0.0.1, ${ROUNDS} alternating rounds of ${ROUND_S} s, ratio = median of per-round ratios. Rolling restart: 300 req/s from 100 loopback addresses through Caddy, each web process SIGTERM'd and started again in turn (${restart.detail}).`,
      ],
    };
  } finally {
    if (single) await stopGroup(single);
    await cluster.shutdown();
    closeAgents();
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
