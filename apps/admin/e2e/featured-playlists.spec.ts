import { expect as baseExpect, type Page, test } from '@playwright/test';

const PASSWORD = 'Dance123!';
const expect = baseExpect.configure({ timeout: 15_000 });
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

async function logInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
}

test('an admin creates a featured playlist, sees it in the list, reorders its videos and deletes it', async ({
  page,
}) => {
  await logInAdmin(page);
  await page.goto('/AdminDashboard/featured-playlist');
  await page.getByRole('link', { name: 'Add featured playlist' }).click();
  await expect(page).toHaveURL(/featured-playlist-form$/);
  await page.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page.getByText('At least one video must be selected')).toBeVisible();

  const name = unique('Warm-ups');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Five short warm-ups');
  const catalogue = page.getByRole('list', { name: 'Catalogue videos' });
  await catalogue.getByRole('button', { name: /^Add / }).first().click();
  await expect(page.getByRole('list', { name: 'Selected videos' }).getByRole('listitem')).toHaveCount(1);
  await page
    .getByRole('list', { name: 'Selected videos' })
    .getByRole('button', { name: /^Remove / })
    .click();
  await catalogue.getByRole('button', { name: /^Add / }).nth(1).click();
  await catalogue.getByRole('button', { name: /^Add / }).nth(2).click();
  await expect(page.getByRole('list', { name: 'Selected videos' }).getByRole('listitem')).toHaveCount(2);
  if (process.env.SHOTS) await page.screenshot({ path: '/tmp/e2e-4200/form.png', fullPage: true });
  await page.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page.getByText('Playlist created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/AdminDashboard\/featured-playlist$/);

  const card = page.getByRole('article', { name });
  await expect(card.getByText('2 videos')).toBeVisible();

  // Reorder in Edit mode with Move down, then Save.
  await card.getByRole('button', { name: 'Videos' }).click();
  const items = card.getByRole('list', { name: `${name} videos` }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  const first = ((await items.first().textContent()) ?? '').replace(/^1\. /, '');
  await card.getByRole('button', { name: 'Edit order' }).click();
  await card.getByRole('button', { name: `Move down ${first}` }).click();
  if (process.env.SHOTS) {
    await page.screenshot({ path: '/tmp/e2e-4200/list.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/e2e-4200/list-mobile.png', fullPage: true });
  }
  await card.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Playlist reordered successfully!')).toBeVisible();
  await expect(items.last()).toHaveText(`2. ${first}`);
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('Playlist deleted Successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});
