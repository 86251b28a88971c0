// The scaled-out product on this machine, as infra/ deploys it: web processes and workers of the one API
// build on one PostgreSQL and one Redis, behind Caddy. Used by `pnpm test:scale` and `pnpm bench scale`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { buildApi } from '../bench/api-server.mjs';
import { ROOT, sleep, spawnGroup, tailOf } from '../bench/lib.mjs';
import { request } from './http.mjs';

export const API_DIR = join(ROOT, 'apps/api');

/** True when something accepts a TCP connection at host:port within a second. */
export function answersTcp(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Sends Redis commands (inline protocol) and resolves with the raw answer; used to empty the run's database. */
export function redisCommand(port, lines) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('Redis did not answer')));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.split('\r\n').length > lines.length) socket.end();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(lines.map((l) => `${l}\r\n`).join(''));
  });
}

/**
 * Caddy from Debian's packages when missing (sudo when not root). Returns the reason it cannot be had,
 * or null when `caddy` runs.
 */
export function ensureCaddy() {
  const hasCaddy = () => spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;
  if (hasCaddy()) return null;
  console.log('scale: installing Caddy from Debian packages (apt-get install -y caddy)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const update = run(['apt-get', 'update', '-qq']);
  const install = update.status === 0 ? run(['apt-get', 'install', '-y', '-qq', 'caddy']) : update;
  if (install.status !== 0 || !hasCaddy()) {
    const reason = `${install.stderr ?? ''}${install.error?.message ?? ''}`
      .trim()
      .split('\n')
      .slice(-2)
      .join(' ');
    return `Caddy is not installed and apt-get could not install it (${reason || `exit ${install.status}`})`;
  }
  // Debian's package may start its own Caddy on port 80 through systemd: the proof runs its own.
  return null;
}

/** The load-balancing snippet of infra/Caddyfile, word for word: the proof runs what the deployment runs. */
export function upstreamPolicy() {
  const caddyfile = readFileSync(join(ROOT, 'infra/Caddyfile'), 'utf8');
  const snippet = /^\(api_upstream_policy\) \{\n[\s\S]*?^\}$/m.exec(caddyfile);
  if (!snippet) throw new Error('infra/Caddyfile has no (api_upstream_policy) snippet');
  return snippet[0];
}

/**
 * The Caddyfile of the proof: the same load-balancing block as infra/Caddyfile's API upstreams (health checks on
 * /ready, retries on another upstream while one drains), on plain HTTP and loopback, the admin API off.
 */
export function caddyfileFor({ port, upstreams }) {
  return `{
	admin off
	auto_https off
}

${upstreamPolicy()}

http://127.0.0.1:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams.map((p) => `127.0.0.1:${p}`).join(' ')} {
		import api_upstream_policy
	}
}
`;
}

/** Ports of one cluster: Caddy, then web and worker processes (HTTP and metrics), all in the 4500-4599 range. */
export function portsFrom(base, { webs, workers }) {
  return {
    caddy: base,
    webs: Array.from({ length: webs }, (_, i) => ({ port: base + 11 + i, metrics: base + 31 + i })),
    workers: Array.from({ length: workers }, (_, i) => ({ port: base + 21 + i, metrics: base + 41 + i })),
  };
}

/**
 * The environment of one API process: production mode, the shared database, Redis and files folder, the
 * one hop of Caddy trusted for the client address.
 */
export function processEnv({ role, port, metricsPort, databaseUrl, redisUrl, dataDir, extra = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    APP_ROLE: role,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // One folder for every process: local media and the generated secrets (S3 takes this place in production).
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    DEMO_MEDIA: 'none',
    COOKIE_SECURE: 'false',
    // The web processes migrate nothing: the proof migrated once before starting them.
    MIGRATE_ON_START: 'false',
    SHUTDOWN_GRACE_MS: '3000',
    // The machine is shared with other work: load shedding on a stalled event loop is not what is measured.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_DB_QUEUE_MS: '0',
    ...extra,
  };
}

/** Waits until url answers one of `statuses`, the child exits, or the deadline passes. */
export async function waitForStatus(url, { child, timeoutMs, statuses = [200] }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(
        `the process exited (code ${child.exitCode}) before ${url} answered\n${tailOf(child.logFile)}`,
      );
    try {
      const res = await request('GET', url, { timeoutMs: 1000 });
      if (statuses.includes(res.status)) return res;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(
    `${url} did not answer ${statuses.join('/')} within ${timeoutMs / 1000} s\n${tailOf(child?.logFile)}`,
  );
}

/**
 * A running cluster: start/stop/restart of each process, every child killed on exit whatever happens.
 */
export class Cluster {
  processes = new Map();
  caddy = null;

  constructor({ workDir, databaseUrl, redisUrl, ports, extraEnv = {} }) {
    Object.assign(this, { workDir, databaseUrl, redisUrl, ports, extraEnv });
    this.dataDir = join(workDir, 'data');
    mkdirSync(this.dataDir, { recursive: true });
    const killAll = () => this.killAllNow();
    process.once('exit', killAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.once(signal, () => {
        killAll();
        process.exit(130);
      });
    }
  }

  /** Builds the API bundle once (`pnpm --filter @dance/api build`). */
  static build() {
    buildApi();
  }

  /** Migrates the database once, and seeds the demo data (accounts, catalogue; no media) when asked. */
  migrateAndSeed({ seed }) {
    const env = processEnv({
      role: 'all',
      port: this.ports.caddy + 9,
      metricsPort: 0,
      databaseUrl: this.databaseUrl,
      redisUrl: this.redisUrl,
      dataDir: this.dataDir,
      extra: { MIGRATE_ON_START: 'true', ...this.extraEnv },
    });
    // The deploy's migrate step (dist/migrate.js), then the demo data (seed-cli finds nothing left to migrate).
    for (const entry of ['dist/migrate.js', ...(seed ? ['dist/demo/seed-cli.js'] : [])]) {
      const result = spawnSync(process.execPath, [entry], {
        cwd: API_DIR,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      });
      if (result.status !== 0) throw new Error(`${entry} failed:\n${result.stdout}\n${result.stderr}`);
    }
  }

  spec(name) {
    const [role, index] = name.split(':');
    const slot = role === 'web' ? this.ports.webs[Number(index)] : this.ports.workers[Number(index)];
    return { role, ...slot };
  }

  /** Starts web:i or worker:i and waits until it is ready (a web's /ready, a worker's /health or metrics). */
  async start(name) {
    const { role, port, metrics } = this.spec(name);
    const env = processEnv({
      role,
      port,
      metricsPort: metrics,
      databaseUrl: this.databaseUrl,
      redisUrl: this.redisUrl,
      dataDir: this.dataDir,
      extra: this.extraEnv,
    });
    const starts = (this.processes.get(name)?.starts ?? 0) + 1;
    const child = spawnGroup(process.execPath, ['dist/server.js'], {
      cwd: API_DIR,
      env,
      logFile: join(this.workDir, `${name.replace(':', '-')}.${starts}.log`),
    });
    this.processes.set(name, { child, starts });
    if (role === 'web') await waitForStatus(`http://127.0.0.1:${port}/ready`, { child, timeoutMs: 60_000 });
    else await this.waitWorker(child, port, metrics);
    return child;
  }

  /** A worker serves no API: it is up once its health or metrics endpoint answers. */
  async waitWorker(child, port, metrics) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`the worker exited (code ${child.exitCode})\n${tailOf(child.logFile)}`);
      for (const url of [`http://127.0.0.1:${port}/health`, `http://127.0.0.1:${metrics}/metrics`]) {
        try {
          if ((await request('GET', url, { timeoutMs: 1000 })).status === 200) return;
        } catch {
          // not yet
        }
      }
      await sleep(200);
    }
    throw new Error(`the worker did not come up within 60 s\n${tailOf(child.logFile)}`);
  }

  /** Sends a signal to the process group of name (the API and its ffmpeg children). */
  signal(name, signal) {
    const entry = this.processes.get(name);
    if (!entry || entry.child.exitCode !== null) return;
    try {
      process.kill(signal === 'SIGKILL' ? -entry.child.pid : entry.child.pid, signal);
    } catch {
      // already gone
    }
  }

  /** SIGTERM, and the time until the process exited by itself. */
  async stop(name, { timeoutMs = 30_000 } = {}) {
    const entry = this.processes.get(name);
    if (!entry) return 0;
    const started = Date.now();
    this.signal(name, 'SIGTERM');
    const exited = await Promise.race([entry.child.exited, sleep(timeoutMs).then(() => null)]);
    if (!exited) {
      this.signal(name, 'SIGKILL');
      throw new Error(
        `${name} did not exit within ${timeoutMs / 1000} s of SIGTERM\n${tailOf(entry.child.logFile)}`,
      );
    }
    return Date.now() - started;
  }

  async startCaddy() {
    const caddyfile = join(this.workDir, 'Caddyfile');
    writeFileSync(
      caddyfile,
      caddyfileFor({ port: this.ports.caddy, upstreams: this.ports.webs.map((w) => w.port) }),
    );
    const env = {
      ...process.env,
      HOME: this.workDir,
      XDG_DATA_HOME: this.workDir,
      XDG_CONFIG_HOME: this.workDir,
    };
    this.caddy = spawnGroup('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env,
      logFile: join(this.workDir, 'caddy.log'),
    });
    await waitForStatus(`http://127.0.0.1:${this.ports.caddy}/ready`, {
      child: this.caddy,
      timeoutMs: 30_000,
    });
  }

  /** Kills every process of the cluster at once (exit handler; also the normal end of a run). */
  killAllNow() {
    for (const { child } of this.processes.values()) {
      try {
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    try {
      if (this.caddy && this.caddy.exitCode === null) process.kill(-this.caddy.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }

  /** Stops everything gently (SIGTERM), then kills what is left. */
  async shutdown() {
    await Promise.all(
      [...this.processes.keys()].map((name) => this.stop(name, { timeoutMs: 15_000 }).catch(() => {})),
    );
    this.killAllNow();
  }
}
