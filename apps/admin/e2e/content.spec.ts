import { addDays, todayInNewYork } from '@dance/domain';
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { pickSuggestion } from './helpers';

const PASSWORD = 'Dance123!';
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const MEMBER_URL = `http://localhost:${PORT_BASE ? PORT_BASE + 1 : 5273}`;
// API checks go straight to the API (cookies are per host, not per port, so a session there serves the apps too).
const API_URL = `http://localhost:${PORT_BASE || 3100}`;
// A 2x2 PNG: the upload sniffs real image bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
// Each test drives several screens and both apps (the member app compiles on its first load).
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

async function logInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
}

/** An API session of a member, through the member app's proxy. */
async function memberApi(email = 'dancer@demo.test'): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: API_URL });
  expect((await api.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return api;
}

test.describe('adding videos', () => {
  test('the chooser leads to the Vimeo screen; fetch fills the form, save resets it and the video is in the library', async ({
    page,
  }) => {
    await logInAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Add video', exact: true })
      .click();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByRole('combobox', { name: 'Video type' }).click();
    await page.getByRole('option', { name: 'Library' }).click();
    await submit.click();
    await expect(page).toHaveURL(/\/AdminDashboard\/Check$/);
    await expect(page.getByRole('heading', { name: 'Add Videos from vimeo' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Video id' }).fill('123');
    await page.getByRole('button', { name: 'Fetch video id' }).click();
    await expect(page.getByText('No video with id 123 in the media library.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Video id' }).fill('900002');
    await page.getByRole('button', { name: 'Fetch video id' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Jazz Pirouette Drills');
    await expect(page.getByLabel('Video link')).toHaveValue('/media/900002');
    await expect(page.getByLabel('Duration (seconds)')).toHaveValue('538');
    await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();
    const title = unique('Jazz Pirouette Drills');
    await page.getByLabel('Title').fill(title);

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Lessons' }).click();
    // Mantine chips hide their checkbox behind the chip label.
    await page.getByText('Intermediate', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Intermediate' })).toBeChecked();
    const keywords = page.getByRole('textbox', { name: 'Keywords' });
    await keywords.fill('spotting');
    await keywords.press('Enter');
    await keywords.fill('Spotting');
    await keywords.press('Tab');
    await expect(page.getByText('There is a problem')).toBeVisible();
    await keywords.fill('');
    await keywords.press('Enter');
    await expect(page.getByText('There is a problem')).toBeVisible();
    await pickSuggestion(page, 'Tags', 'Jaz', 'Jazz');
    await expect(page.getByLabel('Release date')).toHaveAttribute('min', todayInNewYork());

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Success! Data submitted successfully!')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('');

    const api = await memberApi();
    const found = await api.get(`/api/v1/videos/search?q=${encodeURIComponent(title)}`);
    const card = (await found.json()).items.find((v: { title: string }) => v.title === title);
    expect(card).toMatchObject({ kind: 'library', durationSeconds: 538, isComingSoon: false });
    expect(card.tags.map((t: { name: string }) => t.name)).toContain('Jazz');
    await api.dispose();
  });

  test('a class video with a future date shows "coming soon" to members and Save returns to All Videos', async ({
    page,
  }) => {
    await logInAdmin(page);
    await page.goto('/AdminDashboard/add-video');
    await page.getByRole('button', { name: 'Submit' }).click({ force: true });
    await page.getByRole('combobox', { name: 'Video type' }).click();
    await page.getByRole('option', { name: 'Classes' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/AdminDashboard\/AddClassVideos$/);

    await page.getByRole('textbox', { name: 'Video id' }).fill('900009');
    await page.getByRole('button', { name: 'Fetch video id' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Full Class: Turns and Leaps');
    await page.getByRole('textbox', { name: 'Trailer id' }).fill('900010');
    await page.getByRole('button', { name: 'Fetch trailer id' }).click();
    await expect(page.getByLabel('Trailer link', { exact: true })).toHaveValue('/media/900010');
    const title = unique('Turns and Leaps class');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Add a new instructor' }).click();
    await page.getByLabel('New instructor').fill(unique('Guest Teacher'));
    await page.getByLabel('Short description').fill('A full class to spin cleaner and fly higher.');
    await pickSuggestion(page, 'Products', 'Turn', 'Turn Board');
    const releaseDate = addDays(todayInNewYork(), 2);
    await page.getByLabel('Release date').fill(releaseDate);
    await expect(page.getByText('Members will see this class as “coming soon” until then.')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);

    const api = await memberApi();
    const classes = await api.get('/api/v1/videos?kind=class&pageSize=100');
    const card = (await classes.json()).items.find((v: { title: string }) => v.title === title);
    expect(card).toMatchObject({ kind: 'class', isComingSoon: true, releaseDate });
    expect(card.tags.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['CLASSES', 'coming soon']),
    );
    await api.dispose();
  });
});

test('a banner added with an uploaded image and "Show immediately" appears on the member home', async ({
  page,
}) => {
  await logInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Banners' })
    .click();
  await page.getByRole('link', { name: 'Add Banner' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/add-banner$/);
  await page.getByRole('button', { name: 'Add Banner' }).click();
  await expect(page.getByText('Please select an image')).toBeVisible();
  await expect(page.getByText('Please enter a title')).toBeVisible();

  const title = unique('Spring Showcase');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Show immediately').check();
  await expect(page.getByRole('textbox', { name: 'Release date' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add Banner' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/banners$/);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Live')).toBeVisible();

  const home = async () => (await (await page.request.get(`${API_URL}/api/v1/home`)).json()).banner;
  expect(await home()).toMatchObject({ title });
  expect((await home()).imageUrl).toMatch(/^\/files\/banner\/.+\.png$/);

  await card.getByRole('button', { name: 'Unpublish' }).click();
  await expect(card.getByText('Draft')).toBeVisible();
  expect((await home())?.title).not.toBe(title);

  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(card).toHaveCount(0);
});

async function openMemberHome(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: MEMBER_URL, viewport });
  const page = await context.newPage();
  const login = await page.request.post(`${API_URL}/api/v1/auth/login`, {
    data: { email: 'vip@demo.test', password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/');
  return { context, page };
}

test('a desktop-only popup shows once per session on desktop, not on mobile, and counts its view', async ({
  page,
  browser,
}) => {
  await logInAdmin(page);
  await page.goto('/AdminDashboard/Popup');
  await expect(page.getByRole('heading', { name: 'Popups List' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Popup' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/add-popup$/);

  const header = unique('Summer Intensive');
  await page.getByLabel('Header text').fill(header);
  await page.getByLabel('Description').fill('Two weeks of daily classes with our whole faculty.');
  await page.getByLabel('Button text', { exact: true }).fill('See the plans');
  await page.getByLabel('Button link', { exact: true }).fill('/plans');
  await page.getByLabel('Desktop').uncheck();
  await page.getByLabel('Mobile').uncheck();
  await page.getByRole('button', { name: 'Add Popup' }).click();
  await expect(page.getByText('Please select at least one device (Desktop or Mobile).')).toBeVisible();
  await page.getByLabel('Desktop').check();
  await page.getByRole('button', { name: 'Add Popup' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/popup$/);
  const row = page.getByRole('row').filter({ hasText: header });
  await expect(row.getByText('Live')).toBeVisible();
  const popupId = (await (await page.request.get('/api/v1/admin/popups')).json()).items.find(
    (p: { headerText: string }) => p.headerText === header,
  ).id;

  try {
    const desktop = await openMemberHome(browser, { width: 1280, height: 800 });
    const dialog = desktop.page.getByRole('dialog').filter({ hasText: header });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'See the plans' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(desktop.page).toHaveURL(/\/plans$/);
    await desktop.page.goto('/');
    await desktop.page.reload();
    await expect(
      desktop.page.getByRole('heading', { level: 1 }).or(desktop.page.getByRole('main')).first(),
    ).toBeVisible();
    await expect(desktop.page.getByRole('dialog').filter({ hasText: header })).toHaveCount(0);
    await desktop.context.close();

    const mobile = await openMemberHome(browser, { width: 390, height: 844 });
    await expect(mobile.page.getByRole('main')).toBeVisible();
    await mobile.page.waitForResponse((r) => r.url().includes('/api/v1/popups/active')).catch(() => {});
    await expect(mobile.page.getByRole('dialog').filter({ hasText: header })).toHaveCount(0);
    await mobile.context.close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: header }).getByRole('cell').nth(4)).toHaveText('1');
    await page.getByRole('link', { name: `Edit ${header}` }).click();
    await expect(page.getByLabel('Header text')).toHaveValue(header);
    await expect(page.getByLabel('Desktop')).toBeChecked();
    await expect(page.getByLabel('Mobile')).not.toBeChecked();
  } finally {
    // The e2e database is shared: never leave an active popup over other specs' member pages.
    await page.request.delete(`/api/v1/admin/popups/${popupId}`, {
      headers: { 'x-csrf-token': (await (await page.request.get('/api/v1/auth/session')).json()).csrfToken },
    });
  }
});
