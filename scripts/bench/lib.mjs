// Helpers shared by the bench parts: process groups, polling with deadlines, formatting.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Packages installed for apps/api (autocannon, fastify), so the bench needs no dependencies of its own. */
export const requireFromApi = createRequire(join(ROOT, 'apps/api/package.json'));

/** A result that is reported as "not measured" with its reason rather than as a failure of the bench. */
export class NotMeasured extends Error {
  name = 'NotMeasured';
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a command in a process group of its own, with its output written to logFile, so that the whole
 * tree can be stopped at the end.
 */
export function spawnGroup(command, args, { cwd = ROOT, env = process.env, logFile }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.logFile = logFile;
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/** Every process below pid (children, grandchildren...), from ps. */
function listDescendants(pid) {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
  if (ps.status !== 0) return [];
  const childrenOf = new Map();
  for (const line of ps.stdout.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!child || !parent) continue;
    if (!childrenOf.has(parent)) childrenOf.set(parent, []);
    childrenOf.get(parent).push(child);
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * Stops a group started by spawnGroup: first the gentle signal (SIGINT lets the API close its embedded
 * database cleanly), then SIGTERM, then SIGKILL. Processes of the tree that moved to a group of their own
 * (turbo does) are found by pid beforehand and stopped the same way.
 */
export async function stopGroup(child, { graceMs = 15_000 } = {}) {
  if (!child || child.pid === undefined) return;
  const tree = listDescendants(child.pid);
  const everyoneGone = () => !isAlive(child.pid) && tree.every((pid) => !isAlive(pid));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL']) {
    if (everyoneGone()) return;
    signalGroup(child.pid, signal);
    for (const pid of tree) {
      if (!isAlive(pid)) continue;
      signalGroup(pid, signal);
      try {
        process.kill(pid, signal);
      } catch {
        // exited in between
      }
    }
    const deadline = Date.now() + (signal === 'SIGKILL' ? 2_000 : graceMs);
    while (Date.now() < deadline && !everyoneGone()) await sleep(100);
  }
}

/** True when a GET answers 200 within a second. */
export async function answersOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** True when anything accepts a connection at url (used to refuse to start on a busy port). */
export async function isListening(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch (error) {
    // Refused means free; a timeout means something accepted the connection and did not answer.
    return error?.name === 'TimeoutError';
  }
}

/** Waits until url answers 200, the child exits, or the deadline passes. */
export async function waitForOk(url, { child, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `the process exited (code ${child.exitCode}) before ${url} answered\n${tailOf(child.logFile)}`,
      );
    }
    if (await answersOk(url)) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s\n${tailOf(child?.logFile)}`);
}

/** The last lines of a log file, for error messages. */
export function tailOf(logFile, lines = 25) {
  if (!logFile) return '';
  try {
    const text = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    return text ? `--- last lines of ${logFile} ---\n${text}` : '';
  } catch {
    return '';
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

export const formatNumber = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const formatKb = (bytes) => `${formatNumber(bytes / 1000, 1)} kB`;

export const formatSeconds = (ms) => `${formatNumber(ms / 1000, 1)} s`;

/** Playwright's Chromium launcher, or NotMeasured when @playwright/test is not installed. */
export function loadChromium() {
  try {
    return createRequire(join(ROOT, 'package.json'))('@playwright/test').chromium;
  } catch {
    throw new NotMeasured('@playwright/test is not installed');
  }
}

/** NotMeasured when one of these localhost ports already answers. */
export async function assertPortsFree(ports) {
  for (const port of ports) {
    if (await isListening(`http://127.0.0.1:${port}/`)) throw new NotMeasured(`port ${port} is busy`);
  }
}

/** A one-connection admin client to PostgreSQL at `url`; NotMeasured when none answers there. */
export async function connectAdminPostgres(url) {
  const postgres = requireFromApi('postgres');
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch (error) {
    await admin.end().catch(() => {});
    throw new NotMeasured(`no PostgreSQL at ${url} (${error.message})`);
  }
  return admin;
}
