import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, findPlayable, videoState } from './helpers';

/**
 * Practise beside your camera (issue 20 item 4) in Chromium with its fake camera: the permission prompt, the
 * camera beside and inside the lesson, a take of an A-B loop recorded on the device, listed, replayed beside
 * the same part of the lesson in step (at the lesson's speed) and deleted; and the messages when the camera is
 * refused, missing or in use.
 */

const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// Chromium's fake camera, granted without asking (the page's own prompt still comes first). A launch option
// forces a browser of its own, so it is set for the whole file; the refusals below stub getUserMedia.
test.use({
  launchOptions: {
    ...CHROMIUM,
    args: [...CHROMIUM.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

async function openPlayer(page: Page) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const videoId = await findPlayable(page.request, 'library');
  await page.goto(`/PlayerPage?v=${videoId}`);
  await expect
    .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState), {
      timeout: 90_000,
    })
    .toBeGreaterThanOrEqual(2);
  await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.pause();
  });
  return videoId;
}

const seekTo = (page: Page, seconds: number) =>
  page.getByTestId('player-video').evaluate(async (v: HTMLVideoElement, to) => {
    v.currentTime = to;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
  }, seconds);

/** Over `frames` lesson frames while both play: the worst distance (s) of the take from where it should be. */
const worstDrift = (page: Page, frames: number) =>
  page.getByTestId('player-video').evaluate(async (lesson: HTMLVideoElement, frames) => {
    const take = document.querySelector<HTMLVideoElement>('[data-testid="take-video"]')!;
    const start = Number(take.dataset.lessonStart);
    const end = Number(take.dataset.lessonEnd);
    const speed = Number(take.dataset.speed);
    const offset = Number(take.dataset.offset);
    let worst = 0;
    let samples = 0;
    let rateOk = true;
    await new Promise<void>((resolve) => {
      const until = performance.now() + 15_000;
      const tick = (_now: number, meta: VideoFrameCallbackMetadata) => {
        // Skip the frames around the loop's jump back (the take is put back on the next frame).
        // A take in the middle of a seek shows where it is going, not where it is: not a sample.
        if (meta.mediaTime > start + 0.3 && meta.mediaTime < end - 0.3 && !take.paused && !take.seeking) {
          const want = offset + (meta.mediaTime - start) / speed;
          worst = Math.max(worst, Math.abs(take.currentTime - want));
          // The lesson's rate over the recorded speed, bent by 10% at most while it catches up a drift.
          if (Math.abs(take.playbackRate / (lesson.playbackRate / speed) - 1) > 0.101) rateOk = false;
          samples += 1;
        }
        if (samples < frames && performance.now() < until) lesson.requestVideoFrameCallback(tick);
        else resolve();
      };
      lesson.requestVideoFrameCallback(tick);
      // A machine too busy to present frames still ends the measure.
      setTimeout(resolve, 16_000);
    });
    return { worst, samples, rateOk };
  }, frames);

test.describe('practise beside the camera (fake camera)', () => {
  test.setTimeout(360_000);

  test('records a take of a loop, lists it, replays it beside the lesson in step, deletes it', async ({
    page,
  }) => {
    await openPlayer(page);

    // The prompt says why before the browser asks.
    await page.getByRole('button', { name: 'Practise with camera' }).click();
    const prompt = page.getByTestId('camera-prompt');
    await expect(prompt).toContainText('nothing is sent or uploaded');
    await expect(page.getByRole('button', { name: 'Turn on camera' })).toBeFocused();
    await page.keyboard.press('Enter');
    const camera = page.getByTestId('camera-video');
    await expect
      .poll(() => camera.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Mirrored by default, and the toggle turns it off and on.
    await expect(camera).toHaveAttribute('data-mirrored', 'true');
    await page.getByRole('switch', { name: 'Mirror camera' }).click();
    await expect(camera).toHaveAttribute('data-mirrored', 'false');
    await page.getByRole('switch', { name: 'Mirror camera' }).click();
    await expect(camera).toHaveAttribute('data-mirrored', 'true');

    // Side by side: the camera to the right of the lesson; picture in picture: inside it.
    const lessonBox = (await page.getByTestId('player-frame').boundingBox())!;
    const paneBox = (await page.getByTestId('camera-pane').boundingBox())!;
    expect(paneBox.x).toBeGreaterThanOrEqual(lessonBox.x + lessonBox.width - 1);
    await page.getByRole('button', { name: 'Picture in picture' }).click();
    const pipBox = (await page.getByTestId('camera-pane').boundingBox())!;
    const frameBox = (await page.getByTestId('player-frame').boundingBox())!;
    expect(pipBox.x).toBeGreaterThan(frameBox.x);
    expect(pipBox.x + pipBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 1);
    expect(pipBox.width).toBeLessThan(frameBox.width / 2);
    await page.getByRole('button', { name: 'Side by side' }).click();

    // No loop yet: nothing to record.
    await expect(page.getByRole('button', { name: 'Record take of loop' })).toBeDisabled();
    // A long loop: a busy machine presents few frames, the take needs time to settle in step.
    await seekTo(page, 1);
    await page.getByRole('button', { name: 'Set A' }).click();
    await seekTo(page, 7);
    await page.getByRole('button', { name: 'Set B' }).click();
    await expect(page.getByTestId('loop-status')).toContainText('A-B');

    // One run of the loop is recorded, then saved on the device and listed.
    await page.getByRole('button', { name: 'Record take of loop' }).click();
    await expect(page.getByTestId('recording')).toBeVisible();
    try {
      await expect(page.getByTestId('camera-status')).toHaveText('Take saved on this device.', {
        timeout: 60_000,
      });
    } catch (error) {
      console.log('lesson while recording:', JSON.stringify(await videoState(page)));
      throw error;
    }
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.pause());
    const takes = page.getByTestId('takes-list').getByRole('listitem');
    await expect(takes).toHaveCount(1);
    await expect(takes.first()).toContainText('Take 1');
    await expect(takes.first()).toContainText('0:01–0:0');
    await expect(page.getByTestId('takes-storage')).toContainText('on this device use');
    const stored = await page.evaluate(async () => {
      const dbs = await indexedDB.databases();
      return dbs.map((d) => d.name);
    });
    expect(stored).toContain('dance-practice-takes');

    // Replayed beside the same part of the lesson, in step, at the lesson's speed.
    await page.getByRole('button', { name: 'Play beside lesson (take 1)' }).click();
    const take = page.getByTestId('take-video');
    await expect(take).toBeVisible();
    await expect(page.getByTestId('loop-status')).toContainText('Take 1');
    try {
      await expect
        .poll(() => take.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2), {
          timeout: 30_000,
        })
        .toBe(true);
    } catch (error) {
      // What the take was doing (a failure here on a loaded machine is worth reading).
      const takeState = await take.evaluate((v: HTMLVideoElement) => ({
        paused: v.paused,
        readyState: v.readyState,
        networkState: v.networkState,
        seeking: v.seeking,
        time: v.currentTime,
        duration: v.duration,
        rate: v.playbackRate,
        error: v.error?.message ?? null,
        data: { ...v.dataset },
      }));
      console.log('take:', JSON.stringify(takeState), 'lesson:', JSON.stringify(await videoState(page)));
      throw error;
    }
    const atSpeed = await worstDrift(page, 30);
    console.log(
      `take replay in step: worst ${(atSpeed.worst * 1000).toFixed(0)} ms over ${atSpeed.samples} frames`,
    );
    expect(atSpeed.samples).toBeGreaterThanOrEqual(3);
    expect(atSpeed.rateOk).toBe(true);
    // In step within 0.4 s (the sync seeks past 0.35 s) wherever the browser presents frames at all: a machine
    // so loaded that it shows under 10 frames in 16 s cannot hold two videos in step, and is only reported.
    if (atSpeed.samples >= 10) expect(atSpeed.worst).toBeLessThan(0.4);
    else console.log('take replay in step: too few frames presented to judge (machine overloaded)');

    // The lesson at another speed: the take follows.
    await page.getByRole('button', { name: /^Speed / }).click();
    await page.getByRole('menuitem', { name: '0.5x', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.playbackRate))
      .toBe(0.5);
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
      if (v.paused) void v.play();
    });
    const slow = await worstDrift(page, 30);
    console.log(
      `take replay at 0.5x: worst ${(slow.worst * 1000).toFixed(0)} ms over ${slow.samples} frames`,
    );
    expect(slow.samples).toBeGreaterThanOrEqual(3);
    expect(slow.rateOk).toBe(true);
    // In step within 0.4 s (the sync seeks past 0.35 s) wherever the browser presents frames at all: a machine
    // so loaded that it shows under 10 frames in 16 s cannot hold two videos in step, and is only reported.
    if (slow.samples >= 10) expect(slow.worst).toBeLessThan(0.4);
    else console.log('take replay at 0.5x: too few frames presented to judge (machine overloaded)');
    // Paused together.
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(() => take.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await expectAccessible(page, '[data-testid="camera-bar"]');
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir)
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.getByTestId('practice-stage').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${dir}/camera-${width}x${height}.png`, fullPage: true });
      }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleted: gone from the list and from the device.
    await page.getByRole('button', { name: 'Delete take 1' }).click();
    await expect(page.getByTestId('camera-status')).toHaveText('Take 1 deleted.');
    await expect(page.getByTestId('takes-list')).toHaveCount(0);
    await expect(page.getByTestId('take-video')).toHaveCount(0);

    // Turning the camera off stops its tracks.
    const live = await camera.evaluate((v: HTMLVideoElement) => {
      (window as unknown as { cameraStream: MediaStream }).cameraStream = v.srcObject as MediaStream;
      return (v.srcObject as MediaStream).getVideoTracks()[0]?.readyState;
    });
    expect(live).toBe('live');
    await page.getByRole('button', { name: 'Turn camera off' }).click();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { cameraStream: MediaStream }).cameraStream.getVideoTracks()[0]?.readyState,
      ),
    ).toBe('ended');

    // Back to the member's usual speed for the next tests.
    await page.getByRole('button', { name: /^Speed / }).click();
    await page.getByRole('menuitem', { name: '1x', exact: true }).click();
  });
});

test.describe('practise beside the camera (no camera)', () => {
  test.setTimeout(90_000);

  test('says clearly when the camera is refused, missing or in use', async ({ page }) => {
    // getUserMedia answers as the browser does for each case, named by the test.
    await page.addInitScript(() => {
      const w = window as unknown as { cameraError: string };
      w.cameraError = 'NotAllowedError';
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', w.cameraError));
    });
    await openPlayer(page);
    await page.getByRole('button', { name: 'Practise with camera' }).click();
    await page.getByRole('button', { name: 'Turn on camera' }).click();
    const problem = page.getByTestId('camera-problem');
    await expect(problem).toContainText('The camera is blocked for this site');
    await expect(page.getByTestId('camera-video')).toHaveCount(0);
    await expectAccessible(page, '[data-testid="camera-bar"]');

    for (const [name, text] of [
      ['NotFoundError', 'No camera was found'],
      ['NotReadableError', 'in use by another app'],
    ] as const) {
      await page.evaluate((n) => {
        (window as unknown as { cameraError: string }).cameraError = n;
      }, name);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(problem).toContainText(text);
    }
  });
});
