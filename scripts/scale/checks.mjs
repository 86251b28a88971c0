// The claims of the scale proof, each against the running cluster. Every check resolves with
// { name, ok, detail } and never throws for a failed claim (it reports it).
import { spawnSync } from 'node:child_process';
import { sleep } from '../bench/lib.mjs';
import { addressBlock, cookiesOf, request, slowBody, steadyTraffic } from './http.mjs';

const DEMO_PASSWORD = 'Dance123!';
export const LIBRARY_PATH = '/api/v1/videos?kind=library&page=1';
const PROCESS_QUEUE = 'media-process';
// The product's per-minute cron (the weekly notification schedules are checked every minute).
const CRON_QUEUE = 'notifications-weekly';

const result = (name, ok, detail) => ({ name, ok, detail });

/** Logs in through `base` from `localAddress`; returns the headers of an admin's session (cookie and CSRF). */
export async function logIn(base, email, localAddress) {
  const res = await request('POST', `${base}/api/v1/auth/login`, {
    body: { email, password: DEMO_PASSWORD },
    localAddress,
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
  return { cookie: cookiesOf(res), 'x-csrf-token': res.json().csrfToken };
}

/** Every process id below pid, from ps. */
function descendants(pid) {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' });
  const rows = ps.stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length >= 3)
    .map(([p, pp, comm]) => ({ pid: Number(p), ppid: Number(pp), comm }));
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const row of rows.filter((r) => r.ppid === parent)) {
      found.push(row);
      queue.push(row.pid);
    }
  }
  return found;
}

/**
 * 600 requests of one address spread evenly over the web processes (asked directly, 200 each): the 601st is
 * 429 through Caddy and on every process. Without a shared store each process would have counted 200 only.
 */
export async function checkRateLimit({ cluster, base, max = 600 }) {
  const [address] = addressBlock(1, 11);
  const webs = cluster.ports.webs.map((w) => `http://127.0.0.1:${w.port}`);
  const statuses = {};
  for (let i = 0; i < max; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, max - i) }, async (_, j) => {
        const target = webs[(i + j) % webs.length];
        const res = await request('GET', `${target}/api/v1/auth/session`, { localAddress: address });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
  }
  const limitedEarly = statuses[429] ?? 0;
  const after = [];
  for (const target of [base, ...webs]) {
    const res = await request('GET', `${target}/api/v1/auth/session`, { localAddress: address });
    after.push(res.status);
  }
  const other = [...addressBlock(1, 12)];
  const neighbour = await request('GET', `${base}/api/v1/auth/session`, { localAddress: other[0] });
  const ok = limitedEarly === 0 && after.every((s) => s === 429) && neighbour.status !== 429;
  return result(
    'rate limit shared: request 601 of a minute is 429 through Caddy and on each web process',
    ok,
    `first ${max}: ${JSON.stringify(statuses)} over ${webs.length} processes; then Caddy + each process: ${after.join(', ')}; another address: ${neighbour.status}`,
  );
}

/**
 * Five wrong passwords for one account from one address, each to another web process: the sixth try, even
 * with the right password, is refused on every process (the lockout is kept in PostgreSQL, decision 0018).
 */
export async function checkLoginLockout({ cluster }) {
  const [address] = addressBlock(1, 13);
  const webs = cluster.ports.webs.map((w) => `http://127.0.0.1:${w.port}`);
  const wrong = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await request('POST', `${webs[i % webs.length]}/api/v1/auth/login`, {
      body: { email: 'dancer@demo.test', password: 'not-the-password' },
      localAddress: address,
    });
    wrong.push(res.status);
  }
  const locked = [];
  for (const web of webs) {
    const res = await request('POST', `${web}/api/v1/auth/login`, {
      body: { email: 'dancer@demo.test', password: DEMO_PASSWORD },
      localAddress: address,
    });
    locked.push(`${res.status} ${res.status === 200 ? '' : (res.json().code ?? '')}`.trim());
  }
  const ok = wrong.every((s) => s === 401) && locked.every((s) => s.startsWith('429'));
  return result(
    'login lockout shared: 5 failures spread over the processes lock the pair on every process',
    ok,
    `failures: ${wrong.join(', ')}; right password then: ${locked.join(', ')}`,
  );
}

/**
 * An admin renames a video through Caddy; each web process, asked directly and warmed beforehand (its caches
 * hold the old answer), shows the new title on the library page within 1 s.
 */
export async function checkCatalogueChange({ cluster, base, admin }) {
  const webs = cluster.ports.webs.map((w) => `http://127.0.0.1:${w.port}`);
  const [address] = addressBlock(1, 14);
  const page = (await request('GET', `${base}${LIBRARY_PATH}`, { localAddress: address })).json();
  const card = page.items?.[0];
  if (!card)
    return result(
      'catalogue change visible on every process within 1 s',
      false,
      'no video on the library page',
    );
  const list = await request('GET', `${base}/api/v1/admin/videos?search=${encodeURIComponent(card.title)}`, {
    headers: admin,
  });
  const current = list.json().items?.find((v) => v.id === card.id);
  if (!current)
    return result(
      'catalogue change visible on every process within 1 s',
      false,
      `admin list: ${list.status}`,
    );
  // Warm every process's caches with the current answer.
  for (const web of webs) await request('GET', `${web}${LIBRARY_PATH}`, { localAddress: address });
  const title = `Renamed ${Date.now()}`;
  const body = {
    title,
    description: current.description ?? '',
    shortDescription: current.shortDescription ?? '',
    categoryId: current.category?.id ?? null,
    instructorId: current.instructor?.id ?? null,
    levels: current.levels,
    tagIds: current.tags.map((t) => t.id),
    productIds: current.products.map((p) => p.id),
    keywords: current.keywords ?? [],
    releaseDate: current.releaseDate,
  };
  const saved = await request('PUT', `${base}/api/v1/admin/videos/${card.id}`, { headers: admin, body });
  if (saved.status !== 200)
    return result(
      'catalogue change visible on every process within 1 s',
      false,
      `save answered ${saved.status}: ${saved.text}`,
    );
  const savedAt = performance.now();
  // Each process is asked every 20 ms; "seen after" is when the first request that got the new title was sent.
  const seenAfter = await Promise.all(
    webs.map(async (web) => {
      while (performance.now() - savedAt < 3000) {
        const sentAt = performance.now();
        const res = await request('GET', `${web}${LIBRARY_PATH}`, { localAddress: address });
        if (res.text.includes(title)) return sentAt - savedAt;
        await sleep(20);
      }
      return null;
    }),
  );
  const ok = seenAfter.every((ms) => ms !== null && ms <= 1000);
  return result(
    'catalogue change visible on every process within 1 s',
    ok,
    `seen after ${seenAfter.map((ms) => (ms === null ? 'never (3 s)' : `${Math.round(ms)} ms`)).join(', ')}`,
  );
}

/**
 * Keeps CRON_QUEUE on a per-minute cron (as the product defines it; a starting worker writes its definition
 * back, so this is asserted again while waiting). Resolves with the time runs are counted from.
 */
export async function scheduleEveryMinute(sql) {
  const [row] = await sql`select cron from pgboss.schedule where name = ${CRON_QUEUE}`;
  if (!row) throw new Error(`no schedule ${CRON_QUEUE}: the workers did not schedule their crons`);
  await sql`update pgboss.schedule set cron = '* * * * *' where name = ${CRON_QUEUE} and cron <> '* * * * *'`;
  return new Date();
}

/** Every run of the cron since `since`: one job per minute slot, each completed once, with two workers running. */
export async function checkCronOnce({ sql, since, deadlineMs }) {
  const deadline = Date.now() + deadlineMs;
  let rows = [];
  while (Date.now() < deadline) {
    await scheduleEveryMinute(sql);
    rows = await sql`
      select date_trunc('minute', coalesce(singleton_on, start_after)) as slot, count(*)::int as jobs,
        count(*) filter (where state = 'completed')::int as completed, max(retry_count)::int as retries
      from pgboss.job where name = ${CRON_QUEUE} and created_on >= ${since}
      group by 1 order by 1`;
    if (rows.some((r) => r.completed > 0)) break;
    await sleep(1000);
  }
  const ok =
    rows.length > 0 &&
    rows.every((r) => r.jobs === 1 && r.retries === 0) &&
    rows.some((r) => r.completed === 1);
  return result(
    'scheduled job runs exactly once per slot across two workers',
    ok,
    rows.length === 0
      ? `no run within ${deadlineMs / 1000} s`
      : rows
          .map((r) => `${r.slot.toISOString().slice(11, 16)}: ${r.jobs} job(s), ${r.completed} completed`)
          .join('; '),
  );
}

/**
 * Uploads a clip, waits until a worker runs ffmpeg on it, SIGKILLs that worker (its whole process group, as a
 * container stop would) and starts it again. Resolves with what checkTakeover needs.
 */
export async function killWorkerMidTranscode({ cluster, base, admin, sql, clip }) {
  // The queue's heartbeat decides when a job of a dead worker is failed and retried: 30 s in the job's
  // definition; 10 s (pg-boss's minimum) keeps the proof short.
  await sql`update pgboss.queue set heartbeat_seconds = 10 where name = ${PROCESS_QUEUE}`;
  const created = await request('POST', `${base}/api/v1/admin/direct-upload`, {
    headers: admin,
    body: { title: 'Takeover clip' },
  });
  if (created.status !== 201) throw new Error(`direct upload answered ${created.status}: ${created.text}`);
  const { uploadId, url } = created.json();
  const put = await request('PUT', `${base}${url}`, { headers: { 'content-type': 'video/mp4' }, body: clip });
  if (put.status !== 200) throw new Error(`the upload answered ${put.status}: ${put.text}`);
  const workers = cluster.ports.workers.map((_, i) => `worker:${i}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const name of workers) {
      const child = cluster.processes.get(name)?.child;
      if (!child || child.exitCode !== null) continue;
      if (descendants(child.pid).some((p) => p.comm.includes('ffmpeg'))) {
        cluster.signal(name, 'SIGKILL');
        await cluster.processes.get(name).child.exited;
        const killedAt = Date.now();
        // The orchestrator starts a replacement, as Kubernetes or compose would.
        const restarted = cluster.start(name);
        return { uploadId, killed: name, killedAt, restarted };
      }
    }
    await sleep(100);
  }
  throw new Error('no worker ran ffmpeg within 60 s of the upload');
}

/** The killed transcode is failed by its stale heartbeat, retried by a worker and becomes ready. */
export async function checkTakeover({ base, admin, sql, killed, deadlineMs }) {
  const name = 'worker SIGKILLed mid-transcode: the job is taken over and finishes';
  if (killed.error) return result(name, false, killed.error);
  const deadline = Date.now() + deadlineMs;
  let state = {};
  while (Date.now() < deadline) {
    const res = await request('GET', `${base}/api/v1/admin/direct-upload/${killed.uploadId}`, {
      headers: admin,
    });
    state = res.json();
    if (state.status === 'ready' || state.status === 'errored') break;
    await sleep(1000);
  }
  const jobs = await sql`
    select state, retry_count::int as retries, started_on, completed_on from pgboss.job
    where name = ${PROCESS_QUEUE} and data->>'assetId' = ${killed.uploadId} order by created_on`;
  const after = (date) => (date ? `${((date.getTime() - killed.killedAt) / 1000).toFixed(0)} s` : 'never');
  const ok = state.status === 'ready' && jobs.some((j) => j.state === 'completed' && j.retries >= 1);
  return result(
    name,
    ok,
    `killed ${killed.killed}; upload ${state.status ?? 'unknown'}; job: ${jobs
      .map(
        (j) =>
          `${j.state} after ${j.retries} retr${j.retries === 1 ? 'y' : 'ies'}, last attempt started ${after(j.started_on)} and finished ${after(j.completed_on)} after the kill (heartbeat 10 s, then pg-boss's supervision, every 60 s)`,
      )
      .join(', ')}`,
  );
}

/**
 * Steady traffic through Caddy while each web process in turn is stopped with SIGTERM and started again; during
 * each stop an upload is streaming to that very process. No request may fail: no 5xx, no connection error.
 */
export async function checkRollingRestart({
  cluster,
  base,
  admin,
  clip = null,
  rps = 300,
  minRequests = 10_000,
}) {
  const addresses = addressBlock(100, 15);
  const traffic = steadyTraffic({ url: `${base}${LIBRARY_PATH}`, addresses, rps });
  const uploads = [];
  const restarts = [];
  await sleep(2000);
  for (const [i, web] of cluster.ports.webs.entries()) {
    const name = `web:${i}`;
    if (!clip) {
      const t0 = Date.now();
      const drainMs = await cluster.stop(name);
      await cluster.start(name);
      restarts.push({ name, drainMs, downMs: Date.now() - t0 });
      await sleep(1500);
      continue;
    }
    const created = await request('POST', `${base}/api/v1/admin/direct-upload`, {
      headers: admin,
      body: { title: `Upload during the restart of ${name}` },
    });
    const { url } = created.json();
    // The upload streams for 2.5 s straight to the process about to stop.
    const upload = request('PUT', `http://127.0.0.1:${web.port}${url}`, {
      headers: { 'content-type': 'video/mp4', 'content-length': String(clip.length) },
      body: slowBody(clip, { parts: 25, durationMs: 2500 }),
    }).then(
      (res) => `${res.status}`,
      (error) => `error ${error.message}`,
    );
    uploads.push(upload);
    await sleep(500);
    const t0 = Date.now();
    const drainMs = await cluster.stop(name);
    await cluster.start(name);
    restarts.push({ name, drainMs, downMs: Date.now() - t0 });
    // Caddy's health check sees it ready again before the next one stops.
    await sleep(1500);
  }
  while (traffic.stats.sent < minRequests) await sleep(200);
  const stats = await traffic.stop();
  const uploadResults = await Promise.all(uploads);
  const fivexx = Object.entries(stats.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const other = Object.entries(stats.byStatus).filter(([status]) => status !== '200');
  const answered = Object.values(stats.byStatus).reduce((a, b) => a + b, 0);
  const failed = fivexx + stats.errors;
  const ok =
    failed === 0 && other.length === 0 && answered >= minRequests && uploadResults.every((r) => r === '200');
  return {
    failed,
    answered,
    errors: stats.errors,
    ...result(
      `rolling restart under steady traffic: 0 failed of >= ${minRequests.toLocaleString('en-US')} requests, no upload dropped`,
      ok,
      `${answered.toLocaleString('en-US')} answered in ${stats.seconds.toFixed(1)} s (${Math.round(answered / stats.seconds)}/s): ${JSON.stringify(stats.byStatus)}, connection errors ${stats.errors}${stats.errorSamples.length ? ` (${stats.errorSamples.join('; ')})` : ''}; uploads to the stopping processes: ${uploadResults.join(', ') || 'none'}; restarts: ${restarts.map((r) => `${r.name} drained in ${(r.drainMs / 1000).toFixed(1)} s, back in ${(r.downMs / 1000).toFixed(1)} s`).join('; ')}`,
    ),
  };
}

/** The metrics the dashboards and alerts of infra/observability/ read are exposed by a web and a worker. */
export async function checkMetrics({ cluster }) {
  const wanted = ['dance_http_requests_total', 'dance_http_request_duration_seconds', 'dance_db_pool_'];
  const workerWanted = ['dance_jobs_queue_depth', 'dance_jobs_oldest_age_seconds'];
  const web = await request('GET', `http://127.0.0.1:${cluster.ports.webs[0].metrics}/metrics`).catch(
    (e) => ({
      status: 0,
      text: e.message,
    }),
  );
  const worker = await request('GET', `http://127.0.0.1:${cluster.ports.workers[0].metrics}/metrics`).catch(
    (e) => ({ status: 0, text: e.message }),
  );
  const missing = [
    ...wanted.filter((m) => !web.text.includes(m)).map((m) => `web ${m}`),
    ...workerWanted.filter((m) => !worker.text.includes(m)).map((m) => `worker ${m}`),
  ];
  return result(
    'metrics for the dashboard and alerts exposed on the metrics port',
    web.status === 200 && worker.status === 200 && missing.length === 0,
    `web ${web.status}, worker ${worker.status}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
  );
}
