import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatKb, formatNumber, NotMeasured, sleep } from './lib.mjs';
import { withServedMemberBuild } from './member-preview.mjs';
import { ensureSource, logIn, uploadAndProcess } from './processing.mjs';

const API_PORT = Number(process.env.BENCH_PLAYER_API_PORT ?? 3330);
const PREVIEW_PORT = Number(process.env.BENCH_PLAYER_PREVIEW_PORT ?? 3331);
/** Measured clicks per mode (each on a video not played before in that tab). */
const RUNS = Number(process.env.BENCH_PLAYER_RUNS ?? 7);
/** Issue 21 item 1: click to first frame with a 300 ms hover before the click, per network profile. */
const HOVER_MS = 300;
const BUDGET_HOVER_MS = { 'no throttling': 150, 'desktop network': 400 };
/** Without hover (keyboard), at most this many times the profile's physical floor. */
const BUDGET_FLOOR_RATIO = 1.2;
export const MEMBER = { email: 'dancer@demo.test', password: 'Dance123!' };
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

/**
 * How the card is opened (decision 0056): a person's mouse rests on the card for 300 ms before the click
 * (the warm-up has that long), or the keyboard focuses the card and presses Enter at once (the warm-up
 * starts at the focus, a few ms before: the same start as a direct link gets, bar the chunks).
 */
const MODES = {
  hover: `mouse: ${HOVER_MS} ms over the card, then a click`,
  keyboard: 'keyboard: the card focused, Enter at once (no hover)',
};

/**
 * The round trips of the start's chain, each waiting for the one before: the playback answer, then the master
 * playlist, the start rendition's playlist and the first segment one after another (4); or, when the answer names
 * that playlist and segment (decision 0069) and they are asked for with the master playlist, the answer and then
 * all three at once (2). A run's own requests tell which: its segment was asked for before the master playlist
 * arrived.
 */
const hopsOf = (run) => run.hops ?? 4;

/** The physical floor of a run on a profile: the chain's round trips plus its bytes at the throughput. */
function floorMs(network, run) {
  if (!network.conditions) return 0;
  const bytes = run.chainBytes.reduce((sum, b) => sum + b, 0);
  return hopsOf(run) * network.conditions.latency + (bytes / network.conditions.downloadThroughput) * 1000;
}

/** The href of the first card of the list page (the one its idle warm-up takes). */
async function firstCardHref(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.request.post(`${base}/api/v1/auth/login`, { data: MEMBER });
    const page = await context.newPage();
    await page.goto(`${base}${LIST_PATH}`, { waitUntil: 'load' });
    await page.locator('article a').first().waitFor({ timeout: 30_000 });
    return await page.locator('article a').first().getAttribute('href');
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${formatNumber(value)} ms`;

/** Built JS files (by URL path) and which of them hold hls.js or the player page. */
function readBuild(distDir) {
  const files = new Map();
  // The bundled chunks, and the scripts copied from public/ as they are (early.js, decision 0058).
  const scripts = [
    ...readdirSync(join(distDir, 'assets')).map((name) => ['assets/', name]),
    ...readdirSync(distDir).map((name) => ['', name]),
  ];
  for (const [folder, name] of scripts) {
    if (!name.endsWith('.js')) continue;
    const content = readFileSync(join(distDir, folder, name));
    files.set(`/${folder}${name}`, {
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
      const run = {
        clickAt: null,
        mountedAt: null,
        playingAt: null,
        timeupdateAt: null,
        posterAtMount: null,
        longTasks: [],
        shifts: [],
      };
      window.__benchState = run;
      // Main-thread tasks over 50 ms (React rendering the player page, hls.js parsing...), for the details.
      const longTasks = new PerformanceObserver((list) => {
        for (const task of list.getEntries()) run.longTasks.push([task.startTime, task.duration]);
      });
      longTasks.observe({ type: 'longtask' });
      // Layout shifts from the click on (CLS counts those without recent input; all are kept).
      const shifts = new PerformanceObserver((list) => {
        for (const shift of list.getEntries()) {
          // What moved (for the details): the first source's element, by test id, class or tag.
          const node = shift.sources?.[0]?.node;
          const what =
            node instanceof Element
              ? node.getAttribute('data-testid') ||
                `${node.tagName.toLowerCase()}.${String(node.className).split(' ')[0]}`
              : (node?.nodeName ?? '?');
          run.shifts.push([shift.startTime, shift.value, shift.hadRecentInput, what]);
        }
      });
      shifts.observe({ type: 'layout-shift' });
      window.__benchShifts = shifts;
      document.addEventListener(
        'click',
        (event) => {
          run.clickAt ??= event.timeStamp;
        },
        { capture: true, once: true },
      );
      let video = null;
      let first = null;
      // The frame after the first (the picture moving): recorded beside it, so that a first frame shown
      // long before the next one cannot pass for a moving picture.
      const onNextFrame = (_now, meta) => {
        if (meta.mediaTime === first.mediaTime) {
          video.requestVideoFrameCallback(onNextFrame);
          return;
        }
        resolve({ ...run, ...first, nextFrameAt: meta.expectedDisplayTime, nextMediaTime: meta.mediaTime });
      };
      const onFrame = (now, meta) => {
        if (video.paused) {
          video.requestVideoFrameCallback(onFrame);
          return;
        }
        observer.disconnect();
        longTasks.disconnect();
        first = {
          frameAt: meta.expectedDisplayTime,
          callbackAt: now,
          mediaTime: meta.mediaTime,
          height: video.videoHeight,
        };
        video.requestVideoFrameCallback(onNextFrame);
      };
      const observer = new MutationObserver(() => {
        const found = document.querySelector('video[data-testid="player-video"]');
        if (!found || found === video) return;
        video = found;
        run.mountedAt ??= performance.now();
        run.posterAtMount ??= video.getAttribute('poster') !== null && video.getAttribute('poster') !== '';
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

/**
 * The page's workers' Resource Timing entries (the start chain's worker asks for the playback answer and the
 * start files, decision 0070), on the page's clock, in the shape of the page's entries. `clear` empties the
 * workers' buffers before a run.
 */
async function workerEntries(page, { clear = false } = {}) {
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  const lists = await Promise.all(
    page.workers().map((worker) =>
      worker
        .evaluate((isClear) => {
          if (isClear) performance.clearResourceTimings();
          return {
            origin: performance.timeOrigin,
            entries: performance.getEntriesByType('resource').map((e) => e.toJSON()),
          };
        }, clear)
        .catch(() => ({ origin: pageOrigin, entries: [] })),
    ),
  );
  return lists.flatMap(({ origin, entries }) =>
    entries.map((e) => {
      const shift = origin - pageOrigin;
      return {
        ...e,
        startTime: e.startTime + shift,
        responseStart: e.responseStart + shift,
        responseEnd: e.responseEnd + shift,
      };
    }),
  );
}

/** Where the time went, from Resource Timing (the page's and its workers'), relative to the click. */
function readBreakdown(page, clickAt, fromWorkers) {
  return page.evaluate(
    ([click, extra]) => {
      const entries = [...performance.getEntriesByType('resource'), ...extra].sort(
        (a, b) => a.startTime - b.startTime,
      );
      const rel = (t) => (t === undefined ? null : Math.round(t - click));
      const find = (test) => entries.find((e) => test(new URL(e.name).pathname));
      const playback = find((p) => /\/videos\/[^/]+\/playback$/.test(p));
      const master = find((p) => p.endsWith('/master.m3u8'));
      const masterDir = master ? master.name.replace(/[^/]+$/, '') : null;
      const level = entries.find(
        (e) => masterDir && e.name.startsWith(masterDir) && e.name.endsWith('.m3u8') && e !== master,
      );
      const firstSegment = entries.find(
        (e) => masterDir && e.name.startsWith(masterDir) && e.name.endsWith('.ts'),
      );
      // Bytes of the start's chain as the network carried them (0 when served from the HTTP cache; a bench
      // run without cache uses transferSize, which counts headers too).
      const bytes = (e) => (e ? e.transferSize || e.encodedBodySize : 0);
      const wireBytes = (e) => (e ? e.encodedBodySize + 300 : 0);
      const media = entries.filter((e) => /\.(m3u8|ts)$/.test(new URL(e.name).pathname));
      return {
        playbackEnd: rel(playback?.responseEnd),
        masterStart: rel(master?.startTime),
        masterEnd: rel(master?.responseEnd),
        firstSegmentEnd: rel(firstSegment?.responseEnd),
        playbackStart: rel(playback?.startTime),
        chainTransferBytes: [playback, master, level, firstSegment].map(bytes),
        chainBytes: [playback, master, level, firstSegment].map(wireBytes),
        chainFound: [playback, master, level, firstSegment].map((e) => Boolean(e)),
        hops: master && firstSegment && firstSegment.startTime < master.responseEnd ? 2 : 4,
        firstSegment: firstSegment
          ? new URL(firstSegment.name).pathname.split('/').slice(-2).join('/')
          : null,
        // The renditions whose segments were fetched (a bitrate probe fetches the lowest one first).
        renditions: [
          ...new Set(
            media
              .filter((e) => e.name.endsWith('.ts'))
              .map((e) => new URL(e.name).pathname.split('/').slice(-2, -1)[0]),
          ),
        ],
      };
    },
    [clickAt, fromWorkers],
  );
}

/**
 * The keyboard path's network chain with nothing else going on: on the list page (idle, the same tab and
 * network profile), each video's playback answer, then its start playlist and first segment at once
 * (decision 0069), bypassing the HTTP cache. What the profile's emulation, the servers and the machine deliver
 * for the start's bytes: the click-to-frame time less this is the page's own cost (rendering, the player,
 * decoding). Median over the videos.
 */
async function measureBareChain(page, videoIds) {
  const runs = [];
  for (const videoId of videoIds) {
    // One after the other, with a pause: the list page is idle by now (its warm-ups are done).
    await sleep(500);
    runs.push(
      await page.evaluate(async (id) => {
        const startedAt = performance.now();
        const answer = await (
          await fetch(`/api/v1/videos/${id}/playback`, { credentials: 'include', cache: 'no-store' })
        ).json();
        const answeredAt = performance.now();
        const { playlistUrl, segmentUrl } = answer.source.start;
        await Promise.all(
          [playlistUrl, segmentUrl].map((url) =>
            fetch(url, { cache: 'no-store' }).then((r) => r.arrayBuffer()),
          ),
        );
        return { answerMs: answeredAt - startedAt, chainMs: performance.now() - startedAt };
      }, videoId),
    );
  }
  return { answerMs: median(runs.map((r) => r.answerMs)), chainMs: median(runs.map((r) => r.chainMs)), runs };
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
  return { mode, network: network.name, context, page, csrfToken, runs: [], warmUp: null };
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
  await workerEntries(page, { clear: true });
  const scriptsBefore = page.scripts.length;
  // BENCH_PLAYER_TRACE_DIR: a Chromium trace of each click to its frame, to see where the time goes (tracing
  // slows the page: the figures of such a run are not comparable).
  const traceDir = process.env.BENCH_PLAYER_TRACE_DIR;
  const tracer = traceDir ? page.context().browser() : null;
  if (tracer) {
    state.traces = (state.traces ?? 0) + 1;
    await tracer.startTracing(page, {
      path: join(traceDir, `${state.network.replace(/\W+/g, '-')}-${state.mode}-${state.traces}.json`),
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'media',
        'loading',
        // JavaScript samples, to see which functions hold the main thread between the chain's hops.
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
  }
  if (state.mode === 'keyboard') {
    // The pointer rests away from the cards; the keyboard focuses the card's link and opens it at once.
    await page.mouse.move(1, 1);
    await link.focus();
    await page.keyboard.press('Enter');
  } else {
    await link.hover();
    await sleep(HOVER_MS);
    await link.click();
  }
  const result = await Promise.race([
    page.evaluate(() => window.__benchRun),
    sleep(30_000).then(() => {
      throw new Error(`no video frame within 30 s of the click (${state.mode}, video ${videoId})`);
    }),
  ]);
  if (tracer) await tracer.stopTracing();
  if (result.clickAt === null) throw new Error('the click was not seen by the page');
  const fromWorkers = await workerEntries(page);
  const breakdown = await readBreakdown(page, result.clickAt, fromWorkers);
  // BENCH_PLAYER_REQUESTS: every request from the click to the first frame, to see what shares the network.
  if (process.env.BENCH_PLAYER_REQUESTS) {
    const requests = await page.evaluate(
      ([click, frame, extra]) =>
        [...performance.getEntriesByType('resource'), ...extra]
          .sort((a, b) => a.startTime - b.startTime)
          .filter((e) => e.responseEnd >= click && e.startTime <= frame)
          .map(
            (e) =>
              `${Math.round(e.startTime - click)}..${Math.round(e.responseStart - click)}..${Math.round(e.responseEnd - click)} ms ${e.transferSize} B ${new URL(e.name).pathname.slice(-60)}`,
          ),
      [result.clickAt, result.frameAt, fromWorkers],
    );
    console.log(
      `  ${state.mode} run, frame at ${Math.round(result.frameAt - result.clickAt)} ms:\n    ${requests.join('\n    ')}`,
    );
  }
  const scriptsLoaded = page.scripts.slice(scriptsBefore);
  await sleep(1500);
  // `playing` and the first timeupdate may come after the first frame: read them once it has played.
  const { playingAt, timeupdateAt, posterAtMount, shifts } = await page.evaluate(() => {
    window.__benchShifts?.disconnect();
    return window.__benchState;
  });
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
  // Layout shifts from the click to 1.5 s after the first frame: as CLS counts them (no recent input) and all.
  const after = shifts.filter(([at]) => at >= result.clickAt);
  return {
    videoId,
    ms: result.frameAt - result.clickAt,
    nextFrame: Math.round(result.nextFrameAt - result.clickAt),
    mediaTimes: [result.mediaTime, result.nextMediaTime].map((t) => formatNumber(t, 3)).join(' s, '),
    cls: after.filter(([, , hadInput]) => !hadInput).reduce((sum, [, value]) => sum + value, 0),
    allShifts: after.reduce((sum, [, value]) => sum + value, 0),
    shiftSources: [
      ...new Set(
        after
          .filter(([, value]) => value > 0.001)
          .map(
            ([at, value, , what]) =>
              `${what} ${formatNumber(value, 3)} at ${Math.round(at - result.clickAt)} ms`,
          ),
      ),
    ].join(', '),
    posterAtMount,
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
async function checkHomeScripts(browser, base, build, { isSavingData = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // With Save-Data the idle warm-up of the first card does nothing: what is left is the page's own JS.
    if (isSavingData)
      await context.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', {
          configurable: true,
          value: { saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} },
        }),
      );
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
export async function prepareVideos(
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
  const served = {
    label: 'player-data',
    apiPort: API_PORT,
    previewPort: PREVIEW_PORT,
    apiEnv: { LOG_LEVEL: 'info' },
  };
  return withServedMemberBuild(served, async ({ browser, api, base }) => {
    const [pausedId, playingId] = await prepareVideos(browser, { api, app: base }, 2, {
      seconds: DATA_CLIP_SECONDS,
      height: DATA_CLIP_HEIGHT,
      title: 'Bench long clip',
    });
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
  });
}

export async function runPlayer() {
  // The bench clip is the only media.
  const served = {
    label: 'player',
    apiPort: API_PORT,
    previewPort: PREVIEW_PORT,
    apiEnv: { LOG_LEVEL: 'info' },
  };
  return withServedMemberBuild(served, async ({ browser, api, base, distDir }) => {
    const built = readBuild(distDir);
    const ids = await prepareVideos(browser, { api, app: base }, RUNS + 1);
    // The list's first card is warmed when the page is idle (decision 0056): it is the visit's first video
    // (the warm-up run), never a measured one.
    const firstHref = await firstCardHref(browser, base);
    const warmUpId = ids.find((id) => firstHref?.includes(`v=${id}`)) ?? ids[0];
    const runIds = ids.filter((id) => id !== warmUpId);

    console.log('player: home route scripts');
    const own = await checkHomeScripts(browser, base, built, { isSavingData: true });
    const warmed = await checkHomeScripts(browser, base, built);
    const later = warmed.scripts.filter((url) => !own.scripts.includes(url));
    const home = { ...own, later, hlsAfterIdle: later.some((url) => built.get(url)?.isHls) };

    const describeRun = (r) =>
      `${ms(r.ms)} (${r.height}p; the next frame ${r.nextFrame}; playback answer ${r.playbackStart}-${r.playbackEnd}, <video> in the page ${r.mounted} ` +
      `(poster ${r.posterAtMount ? 'set' : 'not set'}), master.m3u8 ${r.masterStart}-${r.masterEnd}, ` +
      `first segment ${r.firstSegment} at ${r.firstSegmentEnd}, \`playing\` ${r.playing}, timeupdate>0 ${r.timeupdate}, ` +
      `long tasks ${r.longTaskMs}, layout shift ${formatNumber(r.allShifts, 3)}${r.shiftSources ? `: ${r.shiftSources}` : ''})`;
    const rows = [];
    const details = [
      `- player: the member app built into a temporary folder and served by \`vite preview\`, a seeded API on a ` +
        `fresh PGlite folder (no demo media). The videos clicked, ${RUNS + 1} library videos made for the bench, ` +
        `all play one ${CLIP_SECONDS} s 1080p30 clip with grain uploaded through the real pipeline (360p, 720p ` +
        `and 1080p at the ladder's bitrates, segments as the pipeline cuts them; each video gets its own playback ` +
        `answer and signed URLs, so nothing is cached from one run to the next). Headless Chromium, 1280x800, ` +
        `logged in as ${MEMBER.email}, tuned start-up with the warm-up on intent (decision 0056). Per network ` +
        `profile, one tab per way of opening: ${Object.values(MODES).join('; ')}. In each tab a warm-up: the ` +
        `list's first card (warmed when the page is idle) clicked and played (this loads the player's chunks and ` +
        `stores the bandwidth estimate). Then ${RUNS} runs, each on another video (the same videos in both tabs, ` +
        `history cleared so each starts at 0), the tabs interleaved, alternating which goes first: back on the ` +
        `list, once no request is in flight, the card opened; measured from the click event's time to the ` +
        `\`expectedDisplayTime\` of the first \`requestVideoFrameCallback\` while the video plays (the first ` +
        `frame handed to the compositor). Times in brackets are from the click, in ms (requests from Resource ` +
        `Timing, negative = during the hover; long tasks: main-thread tasks over 50 ms between the click and the ` +
        `frame, summed; layout shift: the sum of layout-shift values from the click to 1.5 s after the frame). ` +
        `Physical floor of a profile: the round trips of the start's chain times the profile's latency, plus its ` +
        `requests' bytes (body + 300 bytes of headers each) at its throughput. The chain is the playback answer, ` +
        `then the master playlist, the start rendition's playlist and the first segment: one after the other (4 ` +
        `round trips), or all three at once when the answer names that playlist and segment and the run asked for ` +
        `the segment before the master playlist arrived (2 round trips, decision 0069). Without throttling on ` +
        `localhost the floor is ~0 ms, so the ratio is given for the desktop profile only. The floor counts the ` +
        `whole first segment; the first segment reaches the transmuxer as it arrives (decision 0078), so a frame ` +
        `may come before its last byte, and the reference row counts the runs where it did.`,
    ];
    let hlsOnPlayer = false;
    // BENCH_PLAYER_NETWORKS: only the profiles named (comma-separated), for a quicker look at one of them.
    const only = process.env.BENCH_PLAYER_NETWORKS?.split(',').map((name) => name.trim());
    for (const network of NETWORKS.filter((n) => !only || only.includes(n.name))) {
      const states = [];
      for (const mode of Object.keys(MODES)) states.push(await openMode(browser, base, mode, network));
      // Warm-up in each tab: the first video of the visit loads the player's chunks and gives the player
      // the bandwidth estimate it carries over.
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
              `(next frame ${ms(run.nextFrame)}, media times ${run.mediaTimes} s; ${run.height}p, ${run.renditions.join('+')}, floor ${ms(floorMs(network, run))})`,
          );
        }
      }
      // The same chain with nothing else on the page: what this profile's emulation really delivers here.
      const bare = network.conditions ? await measureBareChain(states[1].page, runIds) : null;
      for (const state of states) await state.context.close();

      const [hover, keyboard] = states;
      const hoverMs = median(hover.runs.map((r) => r.ms));
      const keyboardMs = median(keyboard.runs.map((r) => r.ms));
      const floor = median(keyboard.runs.map((r) => floorMs(network, r)));
      const maxShift = Math.max(...states.flatMap((st) => st.runs.map((r) => r.allShifts)));
      const posters = states.flatMap((st) => st.runs).filter((r) => r.posterAtMount).length;
      // hls.js arrives with the list's idle warm-up, a hover or the first player: somewhere in the tab.
      hlsOnPlayer ||= states.some((st) => st.page.scripts.some((url) => built.get(url)?.isHls));
      const hoverBudget = BUDGET_HOVER_MS[network.name];
      rows.push(
        ...[
          {
            measure: `Click to first frame, ${network.name}, ${HOVER_MS} ms hover first (median of ${RUNS})`,
            result: ms(hoverMs),
            budget: `<= ${ms(hoverBudget)}`,
            isWithin: hoverMs <= hoverBudget,
          },
          network.conditions
            ? {
                measure: `Click to first frame, ${network.name}, keyboard, no hover (median of ${RUNS}) vs the physical floor`,
                result: `${ms(keyboardMs)}; floor ${ms(floor)} (${[...new Set(keyboard.runs.map(hopsOf))].sort().join(' or ')} x ${network.conditions.latency} ms + bytes at ${formatNumber((network.conditions.downloadThroughput * 8) / 1e6, 1)} Mbit/s); ratio ${formatNumber(keyboardMs / floor, 2)}`,
                budget: `<= ${formatNumber(BUDGET_FLOOR_RATIO, 1)} x floor`,
                isWithin: keyboardMs / floor <= BUDGET_FLOOR_RATIO,
              }
            : null,
          bare
            ? {
                measure: `Keyboard path against the same two-hop chain fetched alone, ${network.name} (reference)`,
                result: `chain alone ${ms(bare.chainMs)} (its playback answer ${ms(bare.answerMs)}); keyboard ${ms(keyboardMs)}, ${formatNumber(keyboardMs / bare.chainMs, 2)} x the chain; first frame before the first segment's last byte in ${keyboard.runs.filter((r) => r.firstSegmentEnd !== null && r.ms < r.firstSegmentEnd).length} of ${keyboard.runs.length} runs`,
                budget: '(reference)',
                isWithin: null,
              }
            : {
                measure: `Click to first frame, ${network.name}, keyboard, no hover (median of ${RUNS})`,
                result: `${ms(keyboardMs)} (floor ~0 ms on localhost: no emulated latency or throughput)`,
                budget: '(reference)',
                isWithin: null,
              },
          {
            measure: `Layout shift from the click to 1.5 s after the first frame, ${network.name} (largest of ${RUNS * 2} runs)`,
            result: `${formatNumber(maxShift, 3)}; poster on the <video> when it appeared: ${posters} of ${RUNS * 2}`,
            budget: '0 (no layout shift)',
            isWithin: maxShift === 0,
          },
        ].filter(Boolean),
      );
      details.push(
        `- player, ${network.name}: ${network.description}`,
        ...states.map(
          (st) =>
            `  - ${MODES[st.mode]}, first video of the visit (warm-up, not in the median): ${describeRun(st.warmUp)}`,
        ),
        ...states.flatMap((st) => [
          `  - ${MODES[st.mode]}, runs:`,
          ...st.runs.map(
            (r) =>
              `    - ${describeRun(r)}, renditions fetched: ${r.renditions.join(', ')}; chain bytes ${r.chainBytes.join(' + ')}, floor ${ms(floorMs(network, r))}`,
          ),
        ]),
        ...(bare
          ? [
              `  - the same chain fetched alone (list page idle, same tab and profile, HTTP cache bypassed: the ` +
                `playback answer, then its start playlist and first segment at once): ${bare.runs.map((r) => `${ms(r.chainMs)} (answer ${ms(r.answerMs)})`).join(', ')}`,
            ]
          : []),
      );
    }
    const homeOk = home.hls.length === 0 && home.player.length === 0 && hlsOnPlayer;
    rows.push({
      measure:
        "Home route's own JavaScript holds no hls.js (player chunks load with the idle warm-up or a player)",
      result:
        `${home.scripts.length} scripts, ${formatKb(home.gzipBytes)} gzip; hls.js: ` +
        `${home.hls.length ? home.hls.join(', ') : 'none'}; player page: ${home.player.length ? 'loaded' : 'not loaded'}` +
        `; hls.js loaded after (idle warm-up) or on opening a player: ${hlsOnPlayer ? 'yes' : 'no'}`,
      budget: "no hls.js in home's own JS",
      isWithin: homeOk,
    });
    details.push(
      `- player home route (logged in, after load and 1 s without requests; its own JS measured with Save-Data, ` +
        `which turns the warm-up off): ${home.scripts.map((u) => basename(u)).join(', ')}; added by the idle ` +
        `warm-up of the first card otherwise: ${home.later.map((u) => basename(u)).join(', ') || 'none'}`,
    );
    return { rows, details };
  });
}
