import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, logIn, startPlaying, videoState } from './helpers';

/** Logs in through the API (the page shares the cookie) and answers the session's CSRF token. */
async function logInApi(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()).csrfToken;
}

/** The admin approves the pending request of `email` (the admin console's call, made by the test). */
async function approve(request: APIRequestContext, email: string) {
  const csrf = await logInApi(request, 'admin@demo.test');
  const list = await request.get(
    `/api/v1/admin/trc/applications?status=pending&search=${encodeURIComponent(email)}`,
  );
  expect(list.status()).toBe(200);
  const row = (await list.json()).items.find((a: { email: string }) => a.email === email);
  expect(row, `a pending request of ${email}`).toBeTruthy();
  const decision = await request.post(`/api/v1/admin/trc/applications/${row.id}/decision`, {
    headers: { 'x-csrf-token': csrf },
    data: { status: 'approved' },
  });
  expect(decision.status()).toBe(200);
}

/** A TRC video whose media is ready (the e2e API renders demo media in the background). */
async function findPlayableTrcVideo(request: APIRequestContext): Promise<string> {
  const list = await (await request.get('/api/v1/trc/content?category=videos&pageSize=10')).json();
  const ids: string[] = list.items.map((v: { id: string }) => v.id);
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    for (const id of ids) {
      if ((await request.get(`/api/v1/trc/content/${id}/playback`)).status() === 200) return id;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('No playable TRC video');
}

const pdfPosition = (page: Page) => page.getByTestId('pdf-position');

/** The viewer drew a page: its canvas has a size and is not blank. */
async function expectPageDrawn(page: Page, pageNumber: number) {
  const canvas = page.locator(`[data-testid="pdf-page"][data-page="${pageNumber}"]`);
  await expect(canvas).toBeVisible();
  await expect
    .poll(
      () =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d');
          if (!ctx || c.width === 0) return false;
          const { data } = ctx.getImageData(0, 0, c.width, c.height);
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
          return false;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test.describe('Teacher Resource Center', () => {
  test.setTimeout(150_000);

  test('a teacher applies, is approved, browses, reads a lesson plan and plays a TRC video', async ({
    page,
    request,
  }) => {
    // Dana (Standard plan, signed up as Dancer/Parent) has never applied.
    await logIn(page, 'dancer@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teacher Resource Center' })
      .click();
    await expect(page).toHaveURL(/\/trc\/access$/);
    await expect(page.getByRole('heading', { name: 'Request access' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Dana Dancer');
    await expect(page.getByLabel('Full name')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('dancer@demo.test');
    // Dancer/Parent maps to "dancer" (spec 2 §5): preselected and visible.
    await expect(page.getByRole('checkbox', { name: 'Dancer' })).toBeChecked();
    await expectAccessible(page, '[data-testid="trc-page"]');

    // The link is checked when the field is left, the roles on submit.
    await page.getByLabel('Instagram or website').fill('not a link!');
    await page.getByLabel('Instagram or website').blur();
    await expect(page.getByText('Enter a valid URL or Instagram handle')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Dancer' }).uncheck();
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByText('Please select at least one role')).toBeVisible();

    await page.getByLabel('Instagram or website').fill('@dana.teaches');
    await page.getByRole('checkbox', { name: 'Instructor' }).check();
    await page.getByLabel('What do you hope to gain?').fill('Warm-ups for my Saturday class');
    await page.getByRole('button', { name: 'Request access' }).click();
    const summary = page.getByTestId('trc-pending-summary');
    await expect(summary).toContainText('https://www.instagram.com/dana.teaches/');
    await expect(summary).toContainText('Instructor');
    await expectAccessible(page, '[data-testid="trc-page"]');

    // Pending: the other TRC pages send back to the access page.
    await page.goto('/trc/lesson-plans');
    await expect(page).toHaveURL(/\/trc\/access$/);

    await approve(request, 'dancer@demo.test');

    // Approved: the access page goes to the TRC home.
    await page.goto('/trc/access');
    await expect(page).toHaveURL(/\/trc$/);
    await expect(page.getByRole('heading', { name: 'Teacher Resource Center', level: 1 })).toBeVisible();
    for (const row of ['LESSON PLANS', 'VIDEOS', 'RESOURCES']) {
      await expect(page.getByRole('heading', { name: row, level: 2 })).toBeVisible();
    }
    await expectAccessible(page, '[data-testid="trc-page"]');

    // Lesson plans: a PDF list (no duration sort), then a lesson plan in the viewer.
    await page.getByRole('link', { name: 'View All LESSON PLANS' }).click();
    await expect(page).toHaveURL(/\/trc\/lesson-plans$/);
    await expect(page.getByRole('heading', { name: 'LESSON PLANS', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Sort by duration/ })).toHaveCount(0);
    await expect(page.getByTestId('trc-card').first()).toBeVisible();
    await expectAccessible(page, '[data-testid="trc-page"]');
    await page.getByRole('link', { name: 'Tap Foundations: Week 1' }).click();
    await expect(page.getByTestId('trc-title')).toHaveText('Tap Foundations: Week 1');
    await expect(page.getByTestId('trc-pages')).toContainText('pages');
    await expectAccessible(page, '[data-testid="trc-page"]');

    const opened = Date.now();
    await page.getByRole('button', { name: 'Read Lesson Plan' }).click();
    const viewer = page.getByRole('dialog', { name: 'Tap Foundations: Week 1' });
    await expect(viewer).toBeVisible();
    await expect(page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn]')).toBeVisible();
    await expect(pdfPosition(page)).toHaveText(/^Pages 1-2 of \d+$/);
    await expectPageDrawn(page, 1);
    test.info().annotations.push({ type: 'first page drawn (ms)', description: String(Date.now() - opened) });
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pdfPosition(page)).toHaveText(/^Pages 3-4 of \d+$/);
    await expectPageDrawn(page, 3);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(pdfPosition(page)).toHaveText(/^Pages 1-2 of \d+$/);
    const width = await page
      .locator('[data-testid="pdf-page"][data-page="1"]')
      .evaluate((c) => c.clientWidth);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('pdf-zoom')).toHaveText('120%');
    await expect
      .poll(() => page.locator('[data-testid="pdf-page"][data-page="1"]').evaluate((c) => c.clientWidth))
      .toBeGreaterThan(width * 1.15);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByTestId('pdf-zoom')).toHaveText('110%');
    await expectAccessible(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // A TRC video plays in the library player.
    const videoId = await findPlayableTrcVideo(page.request);
    await page.goto(`/trc/videos/${videoId}`);
    await startPlaying(page);
    await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Mirror' })).toBeVisible();
    // The practice tools of the library player: the A-B loop.
    await expect(page.getByRole('button', { name: 'Set A' })).toBeVisible();

    // The Chat tab: the item's comments, the same Community Chat as under the library player.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Chat' }).click();
    const chat = page.locator('#trc-section-chat');
    const box = chat.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('How many counts is the turn sequence?');
    await box.press('Enter');
    await expect(chat.getByText('How many counts is the turn sequence?')).toBeVisible();
  });

  test('a lesson plan opened from its address shows its first page at once, then pdf.js draws it in place', async ({
    page,
  }, testInfo) => {
    await logInApi(page.request, 'vip@demo.test');
    const list = await (
      await page.request.get('/api/v1/trc/content?category=lesson-plans&pageSize=20')
    ).json();
    // A lesson plan (some resources are listed under lesson plans too, with "View Resource").
    const plan = list.items.find((i: { category: string }) => i.category === 'lesson-plans') ?? list.items[0];
    const id: string = plan.id;
    // The PDF itself arrives late (a slow network), so the first-page image is what the teacher sees first.
    await page.route(/\/api\/v1\/trc\/files\/[0-9a-f-]{36}\?/, async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue();
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.goto(`/trc/lesson-plans/${id}`);
      await page.getByRole('button', { name: /^(Read Lesson Plan|View Resource)$/ }).click();
      const viewer = page.getByRole('dialog');
      const image = viewer.getByRole('img', { name: 'Page 1' }).and(page.getByTestId('pdf-page-preview'));
      await expect(image).toBeVisible();
      // Decoded, not blank, the page's real size (US Letter drawn at 1.5 by the API).
      expect(
        await image.evaluate((i: HTMLImageElement) => [i.complete, i.naturalWidth, i.naturalHeight]),
      ).toEqual([true, 918, 1188]);
      await expect(page.getByTestId('pdf-page')).toHaveCount(0);
      const box = await image.boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      await page.screenshot({ path: testInfo.outputPath(`first-page-image-${width}.png`) });
      if (width === 1280) await expectAccessible(page, '[role="dialog"]');
      // pdf.js draws page 1 in the same place and size, and the image gives way: no layout shift.
      await expectPageDrawn(page, 1);
      await expect(page.getByTestId('pdf-page-preview')).toHaveCount(0);
      const canvasBox = await page.locator('[data-testid="pdf-page"][data-page="1"]').boundingBox();
      expect(Math.abs(canvasBox!.x - box!.x)).toBeLessThan(1.5);
      expect(Math.abs(canvasBox!.y - box!.y)).toBeLessThan(1.5);
      expect(Math.abs(canvasBox!.width - box!.width)).toBeLessThan(1.5);
      expect(Math.abs(canvasBox!.height - box!.height)).toBeLessThan(1.5);
      await page.screenshot({ path: testInfo.outputPath(`first-page-canvas-${width}.png`) });
      await page.keyboard.press('Escape');
    }
    await page.unroute(/\/api\/v1\/trc\/files\/[0-9a-f-]{36}\?/);
  });

  test('the guard: guests log in, members without access apply, studio owners enter at once', async ({
    page,
  }) => {
    await page.goto('/trc/videos');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('please login to continue')).toBeVisible();

    await logInApi(page.request, 'newbie@demo.test');
    await page.goto('/trc/resources');
    await expect(page).toHaveURL(/\/trc\/access$/);
    await expect(page.getByRole('heading', { name: 'Request access' })).toBeVisible();
    await page.goto('/trc/resubmit');
    await expect(page.getByRole('heading', { name: 'Request access' })).toBeVisible();

    await page.context().clearCookies();
    await logInApi(page.request, 'studio@demo.test');
    await page.goto('/trc');
    await expect(page.getByRole('heading', { name: 'Teacher Resource Center', level: 1 })).toBeVisible();
    await page.goto('/trc/access');
    await expect(page).toHaveURL(/\/trc$/);
  });

  test('search and filters', async ({ page }) => {
    await logInApi(page.request, 'vip@demo.test');
    await page.goto('/trc');
    const search = page.getByRole('search', { name: 'Search the Teacher Resource Center' });
    await search.getByRole('searchbox').fill('ab');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Please enter at least 3 characters')).toBeVisible();
    await search.getByRole('searchbox').fill('tap!');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Please enter a valid search term')).toBeVisible();
    await search.getByRole('searchbox').fill('Tap Foundations');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/trc\/trc-result\?search_query=Tap\+Foundations|Tap%20Foundations/);
    await expect(page.getByRole('heading', { name: 'SEARCH RESULTS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tap Foundations: Week 1' })).toBeVisible();
    await expectAccessible(page, '[data-testid="trc-page"]');

    // A tag link on a content page opens VIEW ALL with that tag applied.
    await page.getByRole('link', { name: 'Tap Foundations: Week 1' }).click();
    const tag = page.getByRole('group', { name: 'Tags' }).getByRole('link').first();
    const tagName = (await tag.textContent())?.trim() ?? '';
    await tag.click();
    await expect(page).toHaveURL(/\/trc\/view-all\?tags=/);
    await expect(page.getByRole('heading', { name: 'VIEW ALL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters (1 applied)' })).toBeVisible();
    await expect(page.getByText(tagName, { exact: true }).first()).toBeVisible();

    // Filters: a level nobody matches shows the filtered empty text.
    await page.goto('/trc/videos?levels=Advanced&instructors=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('No results found for the current filters.')).toBeVisible();
    // Sorts: videos offer duration; picking the active sort again turns it round.
    await page.goto('/trc/videos');
    await page.getByRole('button', { name: 'Sort by duration' }).click();
    await expect(page).toHaveURL(/sort=long_duration/);
    await page.getByRole('button', { name: 'Duration: longest first' }).click();
    await expect(page).toHaveURL(/sort=short_duration/);
    await expectAccessible(page, '[data-testid="trc-page"]');
  });
});
