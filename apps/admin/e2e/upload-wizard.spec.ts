import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const MEMBER_URL = `http://localhost:${PORT_BASE ? PORT_BASE + 1 : 5273}`;

/** A real 4-second video made with the ffmpeg the API ships with. */
function makeVideo(): string {
  const require = createRequire(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/package.json'));
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = join(mkdtempSync(join(tmpdir(), 'wizard-')), 'routine.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=24:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

test('uploads a real file through the wizard, waits for processing, adds chapters and plays it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const title = `Wizard routine ${Date.now()}`;
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: 'Dance123!' },
  });
  expect(login.status()).toBe(200);
  await page.goto('/AdminDashboard/AddVideos');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please add a video to continue')).toBeVisible();

  await page.getByLabel('Title').first().fill(title);
  await page.locator('input[type="file"]').first().setInputFiles(makeVideo());
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Processing video… This can take a few minutes.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('video-ready')).toBeVisible({ timeout: 90_000 });
  // Handed over once playable (decision 0057), still followed until every rendition is ready.
  await expect(page.getByTestId('video-ready')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await expect(page.getByText('Please add a video to continue')).toHaveCount(0);

  await page.getByPlaceholder('Choose levels').click();
  await page.getByRole('option', { name: 'Beginner' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Chapter 1 title').fill('Start');
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await page.getByLabel('Chapter 2 title').fill('Combo');
  const time = page.getByLabel('Time').nth(1);
  await time.fill('00:99:00');
  await expect(page.getByText('Invalid time. Use HH:MM:SS.')).toBeVisible();
  await time.fill('00:00:00');
  await expect(page.getByText('Each chapter must have a unique time.')).toBeVisible();
  await time.fill('00:10:00');
  await expect(page.getByText('Chapter time cannot exceed video duration.')).toBeVisible();
  await time.fill('00:00:02');
  await page.getByRole('button', { name: 'Thumbnail' }).nth(1).click();
  await expect(page.getByAltText('Chapter 2 thumbnail')).toBeVisible();
  // A chapter without a title is dropped.
  await page.getByRole('button', { name: 'Add chapter' }).click();

  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/, { timeout: 20_000 });

  const found = await (await page.request.get(`/api/v1/videos/search?q=${encodeURIComponent(title)}`)).json();
  const video = found.items.find((v: { title: string }) => v.title === title);
  expect(video).toBeTruthy();
  const detail = await (await page.request.get(`/api/v1/videos/${video.id}`)).json();
  expect(detail.chapters.map((c: { title: string }) => c.title)).toEqual(['Start', 'Combo']);

  // The session cookie belongs to localhost, so the member app on its own port shares it.
  await page.goto(`${MEMBER_URL}/PlayerPage?v=${video.id}`);
  const player = page.getByTestId('player-video');
  await expect
    .poll(async () => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
});
