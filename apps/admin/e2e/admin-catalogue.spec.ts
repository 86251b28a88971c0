import { expect, type Page, test } from '@playwright/test';

/** Logs in through the API (the login form has its own spec); the session cookie lands in the page's context. */
async function logInAsAdmin(page: Page) {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: 'Dance123!' },
  });
  expect(res.ok()).toBe(true);
}

const suffix = () => Math.random().toString(36).slice(2, 7);

// Busy pages (tables of selects and colour pickers) on a shared 2-core machine: role queries need the room.
test.beforeEach(() => test.slow());

test.describe('all videos', () => {
  test('searches from 3 characters, sorts, pages by 20, edits a video and deletes one', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/AdminDashboard/AllVideos');
    const grid = page.getByRole('main');
    await expect(grid.getByRole('article')).toHaveCount(20, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Two characters do not search; three do.
    const search = page.getByLabel('Search videos');
    await search.fill('pi');
    await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
    await page.waitForTimeout(700);
    await expect(page).not.toHaveURL(/search=/);
    await search.fill('pirouette');
    await expect(page).toHaveURL(/search=pirouette/);
    await expect(grid.getByRole('article').first()).toContainText(/pirouette/i);

    await search.fill('');
    await expect(page).not.toHaveURL(/search=/);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title A–Z' }).click();
    await expect(page).toHaveURL(/sort=title_asc/);
    const firstTitle = grid.getByRole('article').first().locator('p').first();
    await expect(firstTitle).toHaveText(/^A/);

    // Edit the first card: title, keywords; the media fields are read-only.
    const card = grid.getByRole('article').first();
    const oldTitle = (await firstTitle.textContent()) ?? '';
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await expect(dialog.getByLabel('Video link')).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel('Duration')).toHaveAttribute('readonly', '');
    const newTitle = `Aardvark Warmup ${suffix()}`;
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Keywords').fill('aardvark');
    await dialog.getByLabel('Keywords').press('Enter');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // The toast lasts 3 s and shows as the dialog starts to close: read it first, or a busy machine's closing
    // transition can outlast it.
    await expect(page.getByText('Video updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(grid.getByRole('article', { name: newTitle })).toBeVisible();
    await expect(grid.getByRole('article', { name: oldTitle })).toHaveCount(0);

    // Delete it, after a confirmation.
    await grid.getByRole('article', { name: newTitle }).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this video?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('Video deleted')).toBeVisible();
    await expect(grid.getByRole('article', { name: newTitle })).toHaveCount(0);
    await search.fill('aardvark');
    await expect(page.getByText('No items found.')).toBeVisible();
  });
});

test.describe('categories and tags', () => {
  test('adds a category capitalised, refuses a first character that is not a letter, and removes it', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    await page.goto('/AdminDashboard/AddCategory');
    const name = `stretch ${suffix()}`;
    const input = page.getByLabel('New category');
    await input.fill('1st position');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText('The first character is not a letter.')).toBeVisible();

    await input.fill(name);
    await page.getByRole('button', { name: 'Add category' }).click();
    const saved = `S${name.slice(1)}`;
    await expect(page.getByText(`Category "${saved}" added`)).toBeVisible();
    const table = page.getByRole('table', { name: 'Categories' });
    await expect(table.getByRole('row', { name: new RegExp(saved) })).toBeVisible();
    // Messages clear after 3 seconds.
    await expect(page.getByText(`Category "${saved}" added`)).toBeHidden({ timeout: 4500 });

    await input.fill(saved.toUpperCase());
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText(/^Failed to add category/)).toBeVisible();

    await page.getByRole('button', { name: `Remove ${saved}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove this category?' })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await expect(table.getByRole('row', { name: new RegExp(saved) })).toHaveCount(0);
  });

  test('adds a tag, refuses a duplicate, moves its priority, colours it and deletes it', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/AdminDashboard/TagManagement');
    const table = page.getByRole('table', { name: 'Tags' });
    // The table renders only once the tags have loaded: wait for the seeded rows before counting.
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(1);
    const count = (await table.getByRole('row').count()) - 1;

    const name = `Spins ${suffix()}`;
    await page.getByLabel('New tag').fill(name);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText(`Tag "${name}" added`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Priority of ${name}` })).toHaveValue(String(count + 1));

    await page.getByLabel('New tag').fill(name.toLowerCase());
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('Tag already exists')).toBeVisible();
    // The refused name is not kept (a typed name would make leaving the page ask first).
    await page.getByLabel('New tag').fill('');

    // Move it to priority 1: the former first moves to 2, and the choices run 1..N.
    const formerFirst =
      (await table.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())?.trim() ?? '';
    await page.getByRole('combobox', { name: `Priority of ${name}` }).click();
    await expect(page.getByRole('option')).toHaveCount(count + 1);
    await page.getByRole('option', { name: '1', exact: true }).click();
    await expect(page.getByRole('combobox', { name: `Priority of ${name}` })).toHaveValue('1');
    await expect(page.getByRole('combobox', { name: `Priority of ${formerFirst}` })).toHaveValue('2');
    await expect(table.getByRole('row').nth(1)).toContainText(name);

    const colour = page.getByLabel(`Colour of ${name}`);
    await colour.fill('#123abc');
    await colour.blur();
    await page.reload();
    await expect(page.getByLabel(`Colour of ${name}`)).toHaveValue('#123abc');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this tag?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText(`Tag "${name}" deleted`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Priority of ${formerFirst}` })).toHaveValue('1');
    await expect(table.getByRole('row')).toHaveCount(count + 1);
  });
});
