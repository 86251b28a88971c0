import { expect as baseExpect, type Page, test } from '@playwright/test';
import { logInAsAdmin } from './helpers';

/**
 * Issue 22 item 9: leaving with unsaved changes asks first. The category name, a new tag and a tag's colour
 * typed in its row are guarded like the other admin forms; leaving the upload wizard while the file is
 * still on its way asks "Stop the upload?" and, when confirmed, stops it.
 */
test.beforeEach(() => test.slow());
// Tables of colour pickers and a throttled upload on a shared 2-core machine: assertions get room to wait.
const expect = baseExpect.configure({ timeout: 30_000 });

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

/** The page's own beforeunload answer: a reload or closing the tab gets the browser's warning when true. */
const warnsOnUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Tries to leave by the menu: stays on "Keep editing", leaves on "Leave without saving". */
async function expectLeaveAsked(page: Page, from: RegExp, to: string) {
  await navLink(page, 'Overview').click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(from);
  await navLink(page, 'Overview').click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL(new RegExp(to), { timeout: 60_000 });
}

test('a category name typed but not added is guarded', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/AddCategory');
  const field = page.getByLabel('New category');
  await expect(field).toBeVisible();
  expect(await warnsOnUnload(page)).toBe(false);
  await field.fill('Half-typed category');
  expect(await warnsOnUnload(page)).toBe(true);
  await expectLeaveAsked(page, /AddCategory$/, '/AdminDashboard/Overview');
});

test('a new tag and a colour typed in a tag row are guarded', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/TagManagement');
  const table = page.getByRole('table', { name: 'Tags' });
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible({ timeout: 60_000 });
  expect(await warnsOnUnload(page)).toBe(false);

  // A colour typed in a row is saved once it is a whole colour; a partial one would be lost by a reload or
  // closing the tab (leaving the field puts the saved colour back): the browser warns.
  const firstName = (await firstRow.locator('td').nth(1).textContent())?.trim() ?? '';
  const colour = page.getByLabel(`Colour of ${firstName}`);
  const saved = await colour.inputValue();
  await colour.fill('#12');
  expect(await warnsOnUnload(page)).toBe(true);
  await colour.fill(saved);
  expect(await warnsOnUnload(page)).toBe(false);

  // A new tag's name typed but not added: leaving by the menu asks first.
  await page.getByLabel('New tag').fill('Spirals');
  expect(await warnsOnUnload(page)).toBe(true);
  await expectLeaveAsked(page, /TagManagement$/, '/AdminDashboard/Overview');
});

test('leaving the upload wizard during an upload asks first, and leaving stops the upload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/AddVideos');
  await page.getByLabel('Title').first().fill(`Interrupted upload ${Date.now()}`);
  // 2 MB at 20 kB/s: the transfer lasts about 100 s, long enough to leave in the middle of it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 20_000,
  });
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'routine.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(2_000_000, 7),
    });
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/uploads/'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const request = await put;

  await navLink(page, 'All Videos').click();
  const dialog = page.getByRole('dialog', { name: 'Stop the upload?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/AddVideos$/);
  expect(await warnsOnUnload(page)).toBe(true);

  const failed = page.waitForEvent('requestfailed', { predicate: (r) => r === request, timeout: 60_000 });
  await navLink(page, 'All Videos').click();
  await page
    .getByRole('dialog', { name: 'Stop the upload?' })
    .getByRole('button', { name: 'Stop and leave' })
    .click();
  // The next page's code loads first (slow on a busy machine); the wizard, and its transfer, go then.
  await expect(page).toHaveURL(/AllVideos$/, { timeout: 60_000 });
  // The transfer was stopped, not left running in the background.
  await failed;
  await cdp.detach();
});
