import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { assertPortsFree, formatKb, formatNumber, loadChromium, NotMeasured, sleep } from './lib.mjs';
import { buildMemberApp, startMemberPreview } from './member-preview.mjs';
import { ensureSource, logIn, uploadAndProcess } from './processing.mjs';

const API_PORT = Number(process.env.BENCH_PLAYER_API_PORT ?? 3330);
const PREVIEW_PORT = Number(process.env.BENCH_PLAYER_PREVIEW_PORT ?? 3331);
/** Measured clicks per mode (each on a video not played before in that tab). */
const RUNS = Number(process.env.BENCH_PLAYER_RUNS ?? 7);
const BUDGET_MS = 1000;
const BUDGET_RATIO = 0.7;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MEMBER = { email: 'dancer@demo.test', password: 'Dance123!' };
/** The list page whose cards are clicked (newest first: the bench videos, released today, lead it). */
const LIST_PATH = '/AllVideos';
/** The player's localStorage switch to hls.js defaults (apps/member/src/features/player/hls-start.ts). */
const HLS_DEFAULTS_KEY = 'player.hlsDefaults';
/** A string of hls.js's own code (an event name), so its chunk is found whatever the bundler calls it. */
const HLS_MARKER = 'hlsManifestParsed';
/** Length of the bench clip (its first frames are what is measured; it plays 1.5 s per run). */
const CLIP_SECONDS = 16;

/**
 * Network profiles: the local machine as it is, and the network of Lighthouse's desktop preset (40 ms
 * round trip, 10,240 kbit/s each way; applied by Chromium to every request), where the start-up's round
 * trips and downloads weigh as they do for a member at home.
 */
const NETWORKS = [
  { name: 'no throttling', description: 'localhost, no network emulation.', conditions: null },
  {
    name: 'desktop network',
    description:
      "Chromium's network emulation with Lighthouse's desktop preset: 40 ms latency per request, 10,240 kbit/s down and up.",
    conditions: { offline: false, latency: 40, downloadThroughput: 1_310_720, uploadThroughput: 1_310_720 },
  },
];

const MODES = {
  tuned:
    'tuned start-up (stream started at the playback answer, lowest rendition first, no probe, estimate carried over)',
  defaults: 'hls.js defaults',
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${formatNumber(value)} ms`;

/** Built JS files (by URL path) and which of them hold hls.js or the player page. */
function readBuild(distDir) {
  const files = new Map();
  for (const name of readdirSync(join(distDir, 'assets'))) {
    if (!name.endsWith('.js')) continue;
    const content = readFileSync(join(distDir, 'assets', name));
    files.set(`/assets/${name}`, {
      gzipBytes: gzipSync(content, { level: 9 }).length,
      isHls: content.includes(HLS_MARKER),
      isPlayerPage: name.startsWith('player-page-'),
    });
  }
  if (![...files.values()].some((f) => f.isHls))
    throw new Error(`no built chunk contains "${HLS_MARKER}": cannot tell where hls.js is`);
  return files;
}

/** Waits until the page has had no request in flight for quietMs (thumbnails of the list, API calls). */
async function waitForQuiet(page, { quietMs = 500, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (page.inFlight.size === 0 && Date.now() - page.lastActivity >= quietMs) return;
    await sleep(50);
  }
}

function trackRequests(page) {
  page.inFlight = new Set();
  page.lastActivity = Date.now();
  page.scripts = [];
  page.on('request', (request) => {
    page.inFlight.add(request);
    page.lastActivity = Date.now();
    if (request.resourceType() === 'script') page.scripts.push(new URL(request.url()).pathname);
  });
  const done = (request) => {
    page.inFlight.delete(request);
    page.lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Installs, before the click, what records the run in the page: the click's event time (capture phase,
 * the moment the browser took the input), then on the player's <video> the first frame handed to the
 * compositor while playing (requestVideoFrameCallback's expectedDisplayTime), plus `playing` and the first
 * timeupdate past 0 for comparison. All in the page's performance.now() clock (the app is a SPA: the
 * document, and so the clock, stays the same from the click to the frame).
 */
function armFrameWatch(page) {
  return page.evaluate(() => {
    performance.setResourceTimingBufferSize(5000);
    performance.clearResourceTimings();
    window.__benchRun = new Promise((resolve) => {
      const run = { clickAt: null, mountedAt: null, playingAt: null, timeupdateAt: null, longTasks: [] };
      window.__benchState = run;
      // Main-thread tasks over 50 ms (React rendering the player page, hls.js parsing...), for the details.
      const longTasks = new PerformanceObserver((list) => {
        for (const task of list.getEntries()) run.longTasks.push([task.startTime, task.duration]);
      });
      longTasks.observe({ type: 'longtask' });
      document.addEventListener(
        'click',
        (event) => {
          run.clickAt ??= event.timeStamp;
        },
        { capture: true, once: true },
      );
      let video = null;
      const onFrame = (now, meta) => {
        if (video.paused) {
          video.requestVideoFrameCallback(onFrame);
          return;
        }
        observer.disconnect();
        longTasks.disconnect();
        resolve({
          ...run,
          frameAt: meta.expectedDisplayTime,
          callbackAt: now,
          mediaTime: meta.mediaTime,
          height: video.videoHeight,
        });
      };
      const observer = new MutationObserver(() => {
        const found = document.querySelector('video[data-testid="player-video"]');
        if (!found || found === video) return;
        video = found;
        run.mountedAt ??= performance.now();
        video.addEventListener('playing', () => (run.playingAt ??= performance.now()), { once: true });
        const onTime = () => {
          if (video.currentTime <= 0) return;
          run.timeupdateAt ??= performance.now();
          video.removeEventListener('timeupdate', onTime);
        };
        video.addEventListener('timeupdate', onTime);
        video.requestVideoFrameCallback(onFrame);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
}

/** Where the time went, from Resource Timing, relative to the click. */
function readBreakdown(page, clickAt) {
  return page.evaluate((click) => {
    const entries = performance.getEntriesByType('resource');
    const rel = (t) => (t === undefined ? null : Math.round(t - click));
    const find = (test) => entries.find((e) => test(new URL(e.name).pathname));
    const playback = find((p) => /\/videos\/[^/]+\/playback$/.test(p));
    const master = find((p) => p.endsWith('/master.m3u8'));
    const firstSegment = find((p) => p.endsWith('.ts'));
    const media = entries.filter((e) => /\.(m3u8|ts)$/.test(new URL(e.name).pathname));
    return {
      playbackEnd: rel(playback?.responseEnd),
      masterStart: rel(master?.startTime),
      masterEnd: rel(master?.responseEnd),
      firstSegmentEnd: rel(firstSegment?.responseEnd),
      firstSegment: firstSegment ? new URL(firstSegment.name).pathname.split('/').slice(-2).join('/') : null,
      // The renditions whose segments were fetched (a bitrate probe fetches the lowest one first).
      renditions: [
        ...new Set(
          media
            .filter((e) => e.name.endsWith('.ts'))
            .map((e) => new URL(e.name).pathname.split('/').slice(-2, -1)[0]),
        ),
      ],
    };
  }, clickAt);
}

/** One browser context per mode, logged in as the member, on the list page, with the network profile. */
async function openMode(browser, base, mode, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([key, isDefaults]) => {
      if (isDefaults) localStorage.setItem(key, '1');
      else localStorage.removeItem(key);
    },
    [HLS_DEFAULTS_KEY, mode === 'defaults'],
  );
  const login = await context.request.post(`${base}/api/v1/auth/login`, { data: MEMBER });
  if (login.status() !== 200) throw new Error(`log-in as ${MEMBER.email} answered ${login.status()}`);
  const { csrfToken } = await login.json();
  const page = await context.newPage();
  trackRequests(page);
  if (network.conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network.conditions);
  }
  await page.goto(`${base}${LIST_PATH}`, { waitUntil: 'load' });
  return { mode, context, page, csrfToken, runs: [], warmUp: null };
}

const cardLink = (page, videoId) => page.locator(`article a[href*="v=${videoId}"]`).first();

/**
 * Clicks the card of videoId on the list page and waits for the first frame; then lets it play 1.5 s (the
 * bandwidth estimate settles), goes back to the list and waits until the position was saved.
 */
async function clickToFirstFrame(state, base, videoId) {
  const { page, context, csrfToken } = state;
  // The member starts the video from 0 in both modes (the other mode may have played it already).
  await context.request.delete(`${base}/api/v1/me/history/${videoId}`, {
    headers: { 'x-csrf-token': csrfToken },
  });
  const link = cardLink(page, videoId);
  await link.waitFor({ state: 'visible', timeout: 30_000 });
  await link.scrollIntoViewIfNeeded();
  await waitForQuiet(page);
  await armFrameWatch(page);
  const scriptsBefore = page.scripts.length;
  await link.click();
  const result = await Promise.race([
    page.evaluate(() => window.__benchRun),
    sleep(30_000).then(() => {
      throw new Error(`no video frame within 30 s of the click (${state.mode}, video ${videoId})`);
    }),
  ]);
  if (result.clickAt === null) throw new Error('the click was not seen by the page');
  const breakdown = await readBreakdown(page, result.clickAt);
  const scriptsLoaded = page.scripts.slice(scriptsBefore);
  await sleep(1500);
  // `playing` and the first timeupdate may come after the first frame: read them once it has played.
  const { playingAt, timeupdateAt } = await page.evaluate(() => window.__benchState);
  const saved = page
    .waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/me/progress/'), {
      timeout: 10_000,
    })
    .catch(() => null);
  await page.goBack();
  await saved;
  const rel = (t) => (t === null ? null : Math.round(t - result.clickAt));
  const blocked = result.longTasks
    .filter(([start]) => start >= result.clickAt && start < result.frameAt)
    .reduce((sum, [, duration]) => sum + duration, 0);
  return {
    videoId,
    ms: result.frameAt - result.clickAt,
    longTaskMs: Math.round(blocked),
    mounted: rel(result.mountedAt),
    playing: rel(playingAt),
    timeupdate: rel(timeupdateAt),
    height: result.height,
    scriptsLoaded,
    ...breakdown,
  };
}

/** The home route's scripts for a logged-in member, before any interaction. */
async function checkHomeScripts(browser, base, build) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const login = await context.request.post(`${base}/api/v1/auth/login`, { data: MEMBER });
    if (login.status() !== 200) throw new Error(`log-in as ${MEMBER.email} answered ${login.status()}`);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await waitForQuiet(page, { quietMs: 1000 });
    const scripts = [...new Set(page.scripts)];
    const unknown = scripts.filter((url) => !build.has(url));
    if (unknown.length > 0) throw new Error(`scripts not in the build: ${unknown.join(', ')}`);
    const hls = scripts.filter((url) => build.get(url).isHls);
    const player = scripts.filter((url) => build.get(url).isPlayerPage);
    const gzipBytes = scripts.reduce((sum, url) => sum + build.get(url).gzipBytes, 0);
    return { scripts, hls, player, gzipBytes };
  } finally {
    await context.close();
  }
}

/**
 * The videos to click: a 1080p clip with grain (renditions at the ladder's bitrates, as camera footage)
 * goes through the real upload pipeline once, then count library videos released today use it, so each
 * run opens another video (its own playback answer and signed URLs, nothing cached from an earlier run).
 * Their cards must be on the list page (newest first).
 */
async function prepareVideos(
  browser,
  { api, app },
  count,
  { seconds = CLIP_SECONDS, height = 1080, title = 'Bench clip' } = {},
) {
  const headers = await logIn(api);
  const { file } = ensureSource(seconds, { height });
  console.log(`player: processing the ${seconds} s bench clip through the upload pipeline`);
  // A long clip on a busy machine: processing gets up to 25 minutes (not measured here).
  const { state } = await uploadAndProcess(api, headers, await readFile(file), {
    title,
    deadlineMs: 1_500_000,
  });
  if (state.status !== 'ready') throw new Error(`the bench clip was not processed: ${JSON.stringify(state)}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  // In the first category (Lessons in the demo catalogue): /AllVideos lists videos by category.
  const { items: categories } = await (await fetch(`${api}/api/v1/categories`)).json();
  const ids = [];
  for (let i = 1; i <= count; i += 1) {
    const res = await fetch(`${api}/api/v1/admin/upload-video`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `${title} ${i}`,
        videoLink: state.videoLink,
        levels: ['Beginner'],
        releaseDate: today,
        categoryId: categories[0]?.id ?? null,
      }),
    });
    if (res.status !== 201)
      throw new Error(`creating a bench video answered ${res.status}: ${await res.text()}`);
    ids.push((await res.json()).id);
  }
  const context = await browser.newContext();
  try {
    await context.request.post(`${app}/api/v1/auth/login`, { data: MEMBER });
    const page = await context.newPage();
    await page.goto(`${app}${LIST_PATH}`, { waitUntil: 'load' });
    await cardLink(page, ids[0])
      .waitFor({ timeout: 60_000 })
      .catch(() => {});
    const hrefs = await page.locator('article a').evaluateAll((links) => links.map((a) => a.href));
    const onPage = ids.filter((id) => hrefs.some((href) => href.includes(`v=${id}`)));
    if (onPage.length < count)
      throw new NotMeasured(`only ${onPage.length} of the ${count} bench videos are on ${LIST_PATH}`);
    return ids;
  } finally {
    await context.close();
  }
}

/** The forward buffer the player keeps (FORWARD_BUFFER_SECONDS.normal of hls-start.ts) and the segment length. */
const FORWARD_BUFFER_S = 30;
const SEGMENT_S = 4;
/** The window the data budget looks at, and a clip long enough that the buffer cap, not its end, stops fetching. */
const DATA_WINDOW_MS = 60_000;
const DATA_CLIP_SECONDS = 120;
/**
 * 720p: a 120 s 1080p source with grain and its three renditions take over ten minutes on a busy 2-core
 * machine; the budget counts seconds of video, which the picture size does not change.
 */
const DATA_CLIP_HEIGHT = 720;

/**
 * Bytes fetched in the first 60 s of a player: opened paused (the player's address typed in: no autoplay)
 * or playing (a card clicked: it plays at once). Every response of the tab counts (headers and body, as
 * Chromium received them), for requests started within the window; segments are also counted by URL, so a
 * segment fetched twice shows.
 */
async function measureData(browser, base, videoId, isPlaying) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((key) => localStorage.removeItem(key), HLS_DEFAULTS_KEY);
    const login = await context.request.post(`${base}/api/v1/auth/login`, { data: MEMBER });
    if (login.status() !== 200) throw new Error(`log-in as ${MEMBER.email} answered ${login.status()}`);
    const { csrfToken } = await login.json();
    await context.request.delete(`${base}/api/v1/me/history/${videoId}`, {
      headers: { 'x-csrf-token': csrfToken },
    });
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(`${base}${LIST_PATH}`, { waitUntil: 'load' });
    const link = cardLink(page, videoId);
    await link.waitFor({ state: 'visible', timeout: 30_000 });
    const href = await link.getAttribute('href');
    await waitForQuiet(page);
    let startedAt = Infinity;
    const pending = [];
    page.on('request', (request) => {
      const at = Date.now();
      if (at < startedAt || at > startedAt + DATA_WINDOW_MS) return;
      pending.push(
        new Promise((resolve) => {
          const settle = async (finished) => {
            if (finished !== request) return;
            page.off('requestfinished', settle);
            page.off('requestfailed', settle);
            const sizes = await request.sizes().catch(() => null);
            resolve({
              path: new URL(request.url()).pathname,
              bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
            });
          };
          page.on('requestfinished', settle);
          page.on('requestfailed', settle);
        }),
      );
    });
    startedAt = Date.now();
    if (isPlaying) await link.click();
    else await page.goto(new URL(href, base).toString(), { waitUntil: 'load' });
    await sleep(DATA_WINDOW_MS - (Date.now() - startedAt));
    const video = await page.evaluate(() => {
      const v = document.querySelector('video[data-testid="player-video"]');
      if (!v) return null;
      let ahead = 0;
      for (let i = 0; i < v.buffered.length; i += 1)
        if (v.buffered.start(i) <= v.currentTime + 0.5 && v.buffered.end(i) > v.currentTime)
          ahead = v.buffered.end(i) - v.currentTime;
      return { paused: v.paused, currentTime: v.currentTime, ahead, height: v.videoHeight };
    });
    if (!video) throw new Error(`no player video on ${href}`);
    if (video.paused === isPlaying)
      throw new Error(`the player was ${video.paused ? 'paused' : 'playing'} at the end of the window`);
    // A request still open 5 s after the window (a stream that stays open, such as live notifications)
    // is named in the details and counted with no bytes.
    const settled = pending.map((promise) => ({ promise, done: null }));
    for (const entry of settled) void entry.promise.then((f) => (entry.done = f));
    await sleep(5000);
    const fetched = settled.filter((e) => e.done).map((e) => e.done);
    const open = settled.length - fetched.length;
    const segments = fetched.filter((f) => f.path.endsWith('.ts'));
    const byPath = new Map();
    for (const f of segments) byPath.set(f.path, (byPath.get(f.path) ?? 0) + 1);
    const renditions = new Map();
    for (const f of segments) {
      const name = f.path.split('/').slice(-2, -1)[0];
      renditions.set(name, (renditions.get(name) ?? 0) + 1);
    }
    return {
      totalBytes: fetched.reduce((sum, f) => sum + f.bytes, 0),
      mediaBytes: fetched.filter((f) => /\.(ts|m3u8)$/.test(f.path)).reduce((sum, f) => sum + f.bytes, 0),
      requests: fetched.length,
      open,
      segments: segments.length,
      fetchedTwice: [...byPath.values()].filter((n) => n > 1).length,
      renditions: [...renditions].map(([name, n]) => `${n} of ${name}`).join(', '),
      video,
    };
  } finally {
    await context.close();
  }
}

/**
 * `pnpm bench player-data` (issue 22 item 5): bytes fetched in the first 60 s of a paused and of a playing
 * player. The budget follows from the forward-buffer cap: paused, at most the cap plus the segment in
 * flight (34 s of media) is fetched; playing, what 60 s of playback eat plus that (94 s); no segment twice.
 */
export async function runPlayerData() {
  const chromium = loadChromium();
  await assertPortsFree([API_PORT, PREVIEW_PORT]);
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-player-data-'));
  const distDir = join(workDir, 'dist');
  console.log(`player-data: building the member app into ${distDir}`);
  buildMemberApp(distDir);
  let servers;
  let browser;
  try {
    servers = await startMemberPreview({
      apiPort: API_PORT,
      previewPort: PREVIEW_PORT,
      workDir,
      distDir,
      apiEnv: { LOG_LEVEL: 'info', DEMO_MEDIA: 'none' },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const base = `http://localhost:${PREVIEW_PORT}`;
    const [pausedId, playingId] = await prepareVideos(
      browser,
      { api: `http://localhost:${API_PORT}`, app: base },
      2,
      { seconds: DATA_CLIP_SECONDS, height: DATA_CLIP_HEIGHT, title: 'Bench long clip' },
    );
    const rows = [];
    const details = [
      `- player-data: the member app built and served by \`vite preview\`, a seeded API on a fresh PGlite folder ` +
        `(no demo media), one ${DATA_CLIP_SECONDS} s ${DATA_CLIP_HEIGHT}p30 clip with grain uploaded through the real ` +
        `pipeline (360p and 720p at the ladder's bitrates, ${SEGMENT_S} s segments), played by two library videos. ` +
        `Headless Chromium, 1280x800, logged in as ${MEMBER.email}, tuned start-up, no network emulation (on ` +
        `localhost the player climbs to the top rendition, the most bytes per second). Paused: the player's address opened ` +
        `(no autoplay); playing: the card clicked on ${LIST_PATH} (it plays at once). Every response of the tab ` +
        `for requests started in the ${DATA_WINDOW_MS / 1000} s after the navigation or click, headers and body ` +
        `as received (Playwright's request.sizes()); media = playlists and segments.`,
    ];
    for (const [label, id, isPlaying, budgetS] of [
      ['paused', pausedId, false, FORWARD_BUFFER_S + SEGMENT_S],
      ['playing', playingId, true, DATA_WINDOW_MS / 1000 + FORWARD_BUFFER_S + SEGMENT_S],
    ]) {
      console.log(`player-data: ${label}, ${DATA_WINDOW_MS / 1000} s`);
      const r = await measureData(browser, base, id, isPlaying);
      const mediaSeconds = r.segments * SEGMENT_S;
      rows.push({
        measure: `Bytes fetched in the first 60 s of a ${label} player (tuned, no throttling)`,
        result:
          `${formatNumber(r.totalBytes / 1e6, 1)} MB (${formatNumber(r.mediaBytes / 1e6, 1)} MB media, ` +
          `${r.segments} segments = ${mediaSeconds} s of video; ${r.fetchedTwice} fetched twice)`,
        budget: `at most ${budgetS} s of video (${FORWARD_BUFFER_S} s buffer cap + ${isPlaying ? '60 s played + ' : ''}one segment), none twice`,
        isWithin: mediaSeconds <= budgetS && r.fetchedTwice === 0,
      });
      details.push(
        `  - ${label}: ${r.requests} requests (${r.open} still open 5 s after the window), segments ${r.renditions}; at 60 s the video was ` +
          `${r.video.paused ? 'paused' : 'playing'} at ${formatNumber(r.video.currentTime, 1)} s (${r.video.height}p) ` +
          `with ${formatNumber(r.video.ahead, 1)} s buffered ahead.`,
      );
    }
    return { rows, details };
  } finally {
    await browser?.close();
    await servers?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

export async function runPlayer() {
  const chromium = loadChromium();
  await assertPortsFree([API_PORT, PREVIEW_PORT]);

  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-player-'));
  const distDir = join(workDir, 'dist');
  console.log(`player: building the member app into ${distDir}`);
  buildMemberApp(distDir);
  const built = readBuild(distDir);
  let servers;
  let browser;
  try {
    servers = await startMemberPreview({
      apiPort: API_PORT,
      previewPort: PREVIEW_PORT,
      workDir,
      distDir,
      // The bench clip is the only media: no demo media renders meanwhile.
      apiEnv: { LOG_LEVEL: 'info', DEMO_MEDIA: 'none' },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const base = `http://localhost:${PREVIEW_PORT}`;
    const [warmUpId, ...runIds] = await prepareVideos(
      browser,
      { api: `http://localhost:${API_PORT}`, app: base },
      RUNS + 1,
    );

    console.log('player: home route scripts');
    const home = await checkHomeScripts(browser, base, built);

    const describeRun = (r) =>
      `${ms(r.ms)} (${r.height}p; playback answer ${r.playbackEnd}, <video> in the page ${r.mounted}, ` +
      `master.m3u8 ${r.masterStart}-${r.masterEnd}, ` +
      `first segment ${r.firstSegment} at ${r.firstSegmentEnd}, \`playing\` ${r.playing}, timeupdate>0 ${r.timeupdate}, ` +
      `long tasks ${r.longTaskMs})`;
    const rows = [];
    const details = [
      `- player: the member app built into a temporary folder and served by \`vite preview\`, a seeded API on a ` +
        `fresh PGlite folder (no demo media). The videos clicked, ${RUNS + 1} library videos made for the bench, ` +
        `all play one ${CLIP_SECONDS} s 1080p30 clip with grain uploaded through the real pipeline (360p, 720p ` +
        `and 1080p at the ladder's bitrates, 4 s segments; each video gets its own playback answer and signed ` +
        `URLs, so nothing is cached from one run to the next). Headless ` +
        `Chromium, 1280x800, logged in as ${MEMBER.email}. Per network profile, one tab per mode, the mode set ` +
        `by the player's localStorage switch \`${HLS_DEFAULTS_KEY}\`. In each tab a warm-up: one card of ` +
        `${LIST_PATH} clicked and played (this loads the player's chunks and, in the tuned tab, stores the ` +
        `bandwidth estimate the next video starts with). Then ${RUNS} runs, each on another video (the same ` +
        `videos in both tabs, its history cleared so it starts at 0), the two tabs interleaved and alternating ` +
        `which goes first: back on the list, once no request is in flight, a real click on the card; measured ` +
        `from the click event's time to the \`expectedDisplayTime\` of the first \`requestVideoFrameCallback\` ` +
        `while the video plays (the first frame handed to the compositor). \`playing\` fires before that frame ` +
        `is composited and timeupdate only every 15-250 ms, so both are shown for comparison only. Times in ` +
        `brackets are from the click, in ms (requests from Resource Timing; long tasks: main-thread tasks over ` +
        `50 ms between the click and the frame, summed).`,
    ];
    let hlsOnPlayer = false;
    for (const network of NETWORKS) {
      const states = [];
      for (const mode of Object.keys(MODES)) states.push(await openMode(browser, base, mode, network));
      // Warm-up in each tab: the first video of the visit loads the player's chunks, and gives the tuned
      // player the bandwidth estimate it carries over (the first visit has none, in either mode).
      for (const state of states) {
        console.log(`player: ${network.name}, warm-up, ${state.mode}`);
        state.warmUp = await clickToFirstFrame(state, base, warmUpId);
      }
      // Interleaved, alternating which mode goes first, so load from other work hits both alike.
      for (const [i, videoId] of runIds.entries()) {
        const order = i % 2 === 0 ? states : [...states].reverse();
        for (const state of order) {
          const run = await clickToFirstFrame(state, base, videoId);
          state.runs.push(run);
          console.log(
            `player: ${network.name}, run ${i + 1}/${RUNS} ${state.mode}: ${ms(run.ms)} ` +
              `(${run.height}p, ${run.renditions.join('+')})`,
          );
        }
      }
      for (const state of states) await state.context.close();

      const [tuned, defaults] = states;
      const tunedMs = median(tuned.runs.map((r) => r.ms));
      const defaultsMs = median(defaults.runs.map((r) => r.ms));
      const ratio = tunedMs / defaultsMs;
      hlsOnPlayer ||= tuned.warmUp.scriptsLoaded.some((url) => built.get(url)?.isHls);
      rows.push(
        {
          measure: `Click on a card to first frame, ${network.name}, tuned start-up (median of ${RUNS})`,
          result: ms(tunedMs),
          budget: `<= ${ms(BUDGET_MS)}`,
          isWithin: tunedMs <= BUDGET_MS,
        },
        {
          measure: `Click on a card to first frame, ${network.name}, hls.js defaults (median of ${RUNS})`,
          result: ms(defaultsMs),
          budget: '(reference)',
          isWithin: null,
        },
        {
          measure: `Tuned start-up vs hls.js defaults, ${network.name} (ratio of the medians, same run)`,
          result: formatNumber(ratio, 2),
          budget: `<= ${formatNumber(BUDGET_RATIO, 1)}`,
          isWithin: ratio <= BUDGET_RATIO,
        },
      );
      details.push(
        `- player, ${network.name}: ${network.description}`,
        ...states.map(
          (s) =>
            `  - ${MODES[s.mode]}, first video of the visit (warm-up, not in the median): ${describeRun(s.warmUp)}`,
        ),
        ...states.flatMap((s) => [
          `  - ${MODES[s.mode]}, runs:`,
          ...s.runs.map((r) => `    - ${describeRun(r)}, renditions fetched: ${r.renditions.join(', ')}`),
        ]),
      );
    }
    const homeOk = home.hls.length === 0 && home.player.length === 0 && hlsOnPlayer;
    rows.push({
      measure: 'Home route JavaScript holds no hls.js (player chunks load when a player opens)',
      result:
        `${home.scripts.length} scripts, ${formatKb(home.gzipBytes)} gzip; hls.js: ` +
        `${home.hls.length ? home.hls.join(', ') : 'none'}; player page: ${home.player.length ? 'loaded' : 'not loaded'}` +
        `; hls.js loaded on opening a player: ${hlsOnPlayer ? 'yes' : 'no'}`,
      budget: 'no hls.js on home',
      isWithin: homeOk,
    });
    details.push(
      `- player home route (logged in, after load and 1 s without requests): ${home.scripts.map((u) => basename(u)).join(', ')}`,
    );
    return { rows, details };
  } finally {
    await browser?.close();
    await servers?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
