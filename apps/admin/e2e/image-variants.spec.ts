import { expect as baseExpect, type Page, test } from '@playwright/test';
import { pickSuggestion } from './helpers';

const PASSWORD = 'Dance123!';
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const MEMBER_URL = `http://localhost:${PORT_BASE ? PORT_BASE + 1 : 5273}`;
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function logInAdmin(page: Page): Promise<string> {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return (await (await page.request.get('/api/v1/auth/session')).json()).csrfToken;
}

/** A 1600x900 photo-like JPEG, drawn by the browser (a gradient, so it is not a flat colour). */
async function drawJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1600, 900);
    gradient.addColorStop(0, '#7048e8');
    gradient.addColorStop(1, '#e64980');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 900);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

// Decision 0063: an uploaded photo gets WebP variants, and a phone fetches the one its card needs.
test('a JPEG thumbnail uploaded in the admin reaches a phone-sized member card as a 640 px WebP', async ({
  page,
  browser,
}) => {
  const csrfToken = await logInAdmin(page);
  await page.goto('/AdminDashboard/add-video');
  const photo = await drawJpeg(page);
  // The console's upload (its image pickers post the same request through the console's proxy).
  const uploaded = await page.request.post('/api/v1/files', {
    multipart: {
      purpose: 'thumbnail',
      file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = await uploaded.json();
  expect(url).toMatch(/\.jpg#webp=320,640,960,1280$/);

  // A library video with that thumbnail, through the add-video form.
  await page.getByRole('combobox', { name: 'Video type' }).click();
  await page.getByRole('option', { name: 'Library' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('textbox', { name: 'Video id' }).fill('900002');
  await page.getByRole('button', { name: 'Fetch video id' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Jazz Pirouette Drills');
  const title = `Variant Drills ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Thumbnail link').fill(url);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Lessons' }).click();
  await page.getByText('Intermediate', { exact: true }).click();
  await pickSuggestion(page, 'Tags', 'Jaz', 'Jazz');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success! Data submitted successfully!')).toBeVisible();

  // A member on a 390 px phone: one card per row, 358 px wide, so the 640 px WebP (not the 1600 px JPEG).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const member = await phone.newPage();
  const login = await member.request.post(`${MEMBER_URL}/api/v1/auth/login`, {
    data: { email: 'dancer@demo.test', password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const images: string[] = [];
  member.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  const variant = member.waitForResponse((r) => /\.w640\.webp$/.test(r.url()));
  await member.goto(`${MEMBER_URL}/result?search_query=${encodeURIComponent(title)}`);
  const card = member.getByRole('list', { name: 'Search results' }).getByRole('article').first();
  await expect(card).toContainText(title);
  const response = await variant;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  const img = card.locator('img').first();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.w640\.webp$/);
  const original = new URL(url, MEMBER_URL).pathname;
  expect(images).not.toContain(original);
  // `sizes` says the card's real width: 358 px here (the screen less the page's padding).
  expect(await img.evaluate((el: HTMLImageElement) => el.clientWidth)).toBe(358);
  await phone.close();

  // At 1280 px the grid beside the sidebar has 320 px columns: the 320 px WebP.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const wide = await desktop.newPage();
  await wide.goto(`${MEMBER_URL}/result?search_query=${encodeURIComponent(title)}`);
  const wideImg = wide
    .getByRole('list', { name: 'Search results' })
    .getByRole('article')
    .first()
    .locator('img')
    .first();
  await expect.poll(() => wideImg.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.w320\.webp$/);
  const width = await wideImg.evaluate((el: HTMLImageElement) => el.clientWidth);
  expect(width).toBeGreaterThan(280);
  expect(width).toBeLessThanOrEqual(340);
  await desktop.close();
});
