import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, videoState } from './helpers';

/**
 * Counting in the player (issue 20): the demo videos carry the count grid of their generated beat. Steps and
 * loops by eight-counts, the tempo ramp, the `?` overlay; the count display measured against the grid frame
 * by frame (requestVideoFrameCallback) at 0.5x, 1x and 1.5x, and the loop's jump back measured for a frozen
 * picture over several jumps (its median must stay under 50 ms on a machine that is not overloaded).
 */

interface Section {
  fromSeconds: number;
  bpm: number;
  downbeatSeconds: number;
}

const seekTo = (page: Page, seconds: number) =>
  page.getByTestId('player-video').evaluate(async (v: HTMLVideoElement, to) => {
    v.currentTime = to;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
  }, seconds);

/**
 * Plays at `rate` for 24 presented frames (or `ms` at most: a loaded machine presents few) and returns the
 * worst distance (in frames) from each shown count to the grid.
 */
const countErrorInFrames = (page: Page, section: Section, rate: number, ms: number) =>
  page.getByTestId('player-video').evaluate(
    async (video: HTMLVideoElement, { section, rate, ms }) => {
      const frame = 1 / 24; // the demo clips are 24 fps
      const beat = 60 / section.bpm;
      const countAt = (t: number) =>
        (((Math.floor((t - section.downbeatSeconds) / beat + 1e-6) % 8) + 8) % 8) + 1;
      video.playbackRate = rate;
      await video.play();
      let worst = 0;
      let samples = 0;
      await new Promise<void>((resolve) => {
        const until = performance.now() + ms;
        const tick = (_now: number, meta: VideoFrameCallbackMetadata) => {
          // What is on screen now was rendered for an earlier frame at most one frame ago.
          const shown = Number(document.querySelector('[data-testid="count-display"]')?.textContent);
          if (shown !== countAt(meta.mediaTime)) {
            // How many frames away (before or after) the shown count was right.
            let off = 1;
            while (
              off < 48 &&
              countAt(meta.mediaTime - off * frame) !== shown &&
              countAt(meta.mediaTime + off * frame) !== shown
            )
              off += 1;
            worst = Math.max(worst, off);
          }
          samples += 1;
          if (samples < 24 && performance.now() < until) video.requestVideoFrameCallback(tick);
          else resolve();
        };
        video.requestVideoFrameCallback(tick);
      });
      video.pause();
      return { worst, samples };
    },
    { section, rate, ms },
  );

/** Jumps measured: the median is the figure (one jump is at the mercy of a busy machine). */
const LOOP_JUMPS = 5;

interface LoopJump {
  from: number;
  to: number;
  /** Between the presentation of the last frame before the jump and the first after it. */
  gapMs: number;
  /** From that last frame's presentation to the seek (the 'seeking' event): a late seek shows here. */
  seekAfterMs: number;
  /** From that last frame's presentation to 'seeked'. */
  seekedAfterMs: number;
}

/**
 * Plays the loop running and measures `count` jumps back: the frames' presentation times
 * (requestVideoFrameCallback's `presentationTime`, when the compositor showed them, not when the page's
 * callback ran), and when the seek was issued and done.
 */
const measureLoopJumps = (page: Page, count: number) =>
  page.getByTestId('player-video').evaluate(async (video: HTMLVideoElement, count) => {
    video.playbackRate = 1;
    const jumps: LoopJump[] = [];
    let seeking = 0;
    let seeked = 0;
    const onSeeking = () => (seeking = performance.now());
    const onSeeked = () => (seeked = performance.now());
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('seeked', onSeeked);
    await video.play();
    await new Promise<void>((resolve) => {
      let last = { at: 0, mediaTime: 0 };
      const timer = setTimeout(resolve, 30_000 + count * 10_000);
      const tick = (_now: number, meta: VideoFrameCallbackMetadata) => {
        const at = meta.presentationTime;
        if (last.at && meta.mediaTime < last.mediaTime - 1)
          jumps.push({
            from: last.mediaTime,
            to: meta.mediaTime,
            gapMs: at - last.at,
            seekAfterMs: seeking >= last.at ? seeking - last.at : Number.NaN,
            // 'seeked' may come after the first frame (a busy main thread): then not known here.
            seekedAfterMs: seeked >= seeking ? seeked - last.at : Number.NaN,
          });
        last = { at, mediaTime: meta.mediaTime };
        if (jumps.length >= count) {
          clearTimeout(timer);
          resolve();
        } else video.requestVideoFrameCallback(tick);
      };
      video.requestVideoFrameCallback(tick);
    });
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('seeked', onSeeked);
    return jumps;
  }, count);

/** What `pnpm bench counts` reads (PLAYER_COUNTS_REPORT=file): the figures this spec prints. */
const report: {
  countDisplay: { rate: number; worst: number; samples: number }[];
  loopJumps?: { frozenMs: number[]; medianMs: number; load: number; jumps: LoopJump[] };
} = { countDisplay: [] };

test.afterAll(() => {
  if (process.env.PLAYER_COUNTS_REPORT)
    writeFileSync(process.env.PLAYER_COUNTS_REPORT, JSON.stringify(report));
});

test.describe('counting in eights', () => {
  test.setTimeout(180_000);

  test('steps and loops by eight-counts, ramps the tempo, and shows the count in step with the picture', async ({
    page,
  }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    const playback = await (await page.request.get(`/api/v1/videos/${videoId}/playback`)).json();
    const section: Section = playback.source.countGrid.sections[0];
    const bar = (8 * 60) / section.bpm;
    await page.goto(`/PlayerPage?v=${videoId}`);
    await expect
      .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
    });
    // From the start: the player resumes where an earlier test left this member in this video.
    await seekTo(page, 0);
    await expect(page.getByTestId('count-display')).toHaveText('1');

    // ] and [ step by eight-counts, B goes to the "1" of the current one; the buttons do the same.
    await page.keyboard.press(']');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(bar, 1);
    await page.keyboard.press(']');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(2 * bar, 1);
    await page.keyboard.press('[');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(bar, 1);
    await seekTo(page, bar * 1.6);
    await expect(page.getByTestId('count-display')).not.toHaveText('1');
    await page.keyboard.press('b');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(bar, 1);
    await expect(page.getByTestId('count-display')).toHaveText('1');
    await page.getByRole('button', { name: 'Forward 8 counts' }).click();
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(2 * bar, 1);

    // The count on screen follows the grid within one video frame at 0.5x, 1x and 1.5x.
    for (const rate of [0.5, 1, 1.5]) {
      await seekTo(page, 0.5);
      const { worst, samples } = await countErrorInFrames(page, section, rate, 12_000);
      console.log(`count display at ${rate}x: worst ${worst} frame(s) behind over ${samples} frames`);
      report.countDisplay.push({ rate, worst, samples });
      expect(samples).toBeGreaterThanOrEqual(5);
      expect(worst).toBeLessThanOrEqual(1);
    }

    // E loops the current eight-count; the jump back shows no frozen picture past 50 ms (decision 0055).
    await seekTo(page, bar + 0.2);
    await page.keyboard.press('e');
    await expect(page.getByTestId('loop-status')).toContainText('1 × 8');
    const jumps = await measureLoopJumps(page, LOOP_JUMPS);
    for (const j of jumps)
      console.log(
        `loop jump: ${j.from.toFixed(3)} s -> ${j.to.toFixed(3)} s, ${j.gapMs.toFixed(1)} ms between the two ` +
          `frames on screen (seek issued ${j.seekAfterMs.toFixed(1)} ms after the last one was shown; ` +
          `'seeked' ${j.seekedAfterMs.toFixed(1)} ms after)`,
      );
    // Every jump went back into the loop, from its end (the first frame shown after it is on the "1" or,
    // on an overloaded machine that drops frames, later in the loop).
    expect(jumps).toHaveLength(LOOP_JUMPS);
    for (const j of jumps) {
      expect(j.to).toBeGreaterThanOrEqual(bar - 0.05);
      expect(j.to).toBeLessThan(2 * bar);
    }
    const frozen = jumps.map((j) => Math.max(0, j.gapMs - 1000 / 24)).sort((a, b) => a - b);
    const median = frozen[Math.floor(frozen.length / 2)]!;
    const load = os.loadavg()[0]!;
    console.log(
      `loop jump: frozen picture median ${median.toFixed(1)} ms over ${frozen.length} jumps ` +
        `(${frozen.map((f) => f.toFixed(0)).join(', ')}; budget 50 ms; load average ${load.toFixed(1)} ` +
        `on ${os.cpus().length} cores)`,
    );
    report.loopJumps = { frozenMs: frozen, medianMs: median, load, jumps };
    // The budget is asserted where it means something: on a machine that is not overloaded (more runnable
    // work than cores makes the browser's decoder wait for a core, which no player can fix).
    if (load < os.cpus().length) expect(median).toBeLessThan(50);
    await page.keyboard.press('e');
    await expect(page.getByTestId('loop-status')).toHaveCount(0);
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.pause());

    // The tempo ramp: from 0.8x up by 0.1x each repeat to full speed, pitch kept, the speed shown.
    await page.getByRole('combobox', { name: 'Tempo ramp' }).click();
    await page.getByRole('option', { name: 'Ramp +0.1×' }).click();
    await page.getByRole('combobox', { name: 'Ramp starts at' }).click();
    await page.getByRole('option', { name: 'from 0.8×' }).click();
    await seekTo(page, 0.1);
    await page.getByRole('button', { name: 'Loop 1 × 8' }).click();
    await expect(page.getByTestId('current-speed')).toHaveText('0.8×');
    expect((await videoState(page)).rate).toBe(0.8);
    expect(await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.preservesPitch)).toBe(
      true,
    );
    await page.keyboard.press('k');
    await expect(page.getByTestId('current-speed')).toHaveText('0.9×', { timeout: 20_000 });
    await expect(page.getByTestId('current-speed')).toHaveText('1×', { timeout: 20_000 });
    expect((await videoState(page)).rate).toBe(1);
    await page.keyboard.press('k');

    // ? lists every key.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Player keys' });
    await expect(keys).toBeVisible();
    await expect(keys).toContainText('Back one eight-count');
    await expect(keys).toContainText('Arrow keys');
    await page.keyboard.press('Escape');
    await expect(keys).toHaveCount(0);

    // For a look at the layout (SCREENSHOTS_DIR=/tmp/somewhere): desktop, phone, phone in landscape.
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir)
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
        [844, 390],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.getByTestId('player-frame').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${dir}/player-counts-${width}x${height}.png`, fullPage: true });
      }
  });
});
