import { expect, type Page, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, newMember } from './helpers';

/** Logs in through the API: the session cookie lands in the page's browser context. */
async function logInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}

test.describe('catalogue', () => {
  // The dev server compiles each lazy page on its first visit; on a busy 2-core machine that takes a while.
  test.describe.configure({ timeout: 60_000 });
  test.use({ navigationTimeout: 20_000 });
  test('a guest browses home: welcome, banner, Recent Releases (6) and category rows', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Join The Community and Access Exclusive Content' }),
    ).toBeVisible();
    await expect(page.getByRole('figure').getByRole('img')).toBeVisible();
    const recent = page.getByRole('list', { name: 'Recent Releases' });
    await expect(recent.getByRole('listitem').first()).toBeVisible();
    expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lessons', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Saved', exact: true })).toHaveCount(0);
    // A card links to the player route (the player decides what a guest may see).
    await expect(recent.getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/PlayerPage\?v=[0-9a-f-]+&type=PV$/,
    );
  });

  test('a phone gets the tabs Recent and Featured (no Saved for a guest) and Show More', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    await expect(page.getByRole('tab', { name: 'Recent' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Featured' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Saved' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Show More' }).click();
    await expect(page).toHaveURL(/\/SignUp$/);
  });

  test('the library filters and pages, and the view survives a reload', async ({ page }) => {
    await page.goto('/Library');
    const section = page.getByRole('region', { name: 'All library videos' });
    await expect(
      section.getByRole('list', { name: 'All library videos videos' }).getByRole('listitem'),
    ).toHaveCount(15);
    await section.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(section.getByText(/^16-30 of \d+ videos$/)).toBeVisible();

    await section.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filter All library videos' });
    await panel.getByText('Beginner', { exact: true }).click();
    await panel.getByRole('button', { name: /Apply/ }).click();
    await expect(page).toHaveURL(/levels=Beginner/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(section.getByRole('button', { name: 'Remove filter Beginner' })).toBeVisible();

    await section.getByRole('combobox', { name: 'Sort by' }).selectOption('title_asc');
    await expect(page).toHaveURL(/sort=title_asc/);
    const readTitles = () => section.getByRole('heading', { level: 3 }).allTextContents();
    await expect
      .poll(async () => {
        const titles = await readTitles();
        const sorted = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
        return titles.length > 0 && sorted.join('|') === titles.join('|');
      })
      .toBe(true);

    await page.reload();
    await expect(section.getByRole('button', { name: 'Remove filter Beginner' })).toBeVisible();
    await expect(section.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title_asc');
  });

  test('/AllVideos?tag= preselects the tag in every category section', async ({ page }) => {
    const tags = (await (await page.request.get('/api/v1/tags')).json()) as {
      items: { id: string; name: string }[];
    };
    const ballet = tags.items.find((t) => t.name === 'Ballet');
    expect(ballet).toBeDefined();
    await page.goto(`/AllVideos?tag=${ballet!.id}`);
    await expect(page).toHaveURL(new RegExp(`lessons\\.tags=${ballet!.id}`), { timeout: 15_000 });
    await expect(page).not.toHaveURL(/[?&]tag=/);
    for (const name of ['Lessons', 'Exercises', 'Across the floor']) {
      await expect(
        page.getByRole('region', { name }).getByRole('button', { name: 'Remove filter Ballet' }),
      ).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Classes' })).toHaveCount(0);
  });

  test('search finds best matches first, typos included, and has an empty state', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search videos' });
    await box.fill('pirouete');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/result\?search_query=pirouete$/);
    await expect(page.getByRole('heading', { name: 'Results for “pirouete”' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('heading').first()).toHaveText(
      'Pirouette Foundations',
    );
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await page.goto('/result?search_query=zzqxjv');
    await expect(page.getByText('No videos match “zzqxjv”.')).toBeVisible();
  });

  test('a member saves and unsaves a video; the saved page follows', async ({ page }) => {
    const member = newMember('saver');
    await createIndividual(page.request, member);
    await page.goto('/saved');
    await expect(
      page.getByText(
        "Your saved videos will appear here once you've added them, making it easy to revisit your favorites anytime.",
      ),
    ).toBeVisible();

    await page.goto('/Lessons');
    const firstCard = page.getByRole('list', { name: 'Lessons videos' }).getByRole('article').first();
    const title = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('button', { name: `Save ${title}` }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(firstCard.getByRole('button', { name: `Unsave ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/saved');
    const saved = page.getByRole('list', { name: 'Saved videos videos' });
    await expect(saved.getByRole('heading', { name: title })).toBeVisible();
    await saved.getByRole('button', { name: `Unsave ${title}` }).click();
    await expect(page.getByText('Unsaved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(/Your saved videos will appear here/)).toBeVisible();
  });

  test('classes are locked with a lock icon and a link to the plans for a member without a plan', async ({
    page,
  }) => {
    await logInByApi(page, 'newbie@demo.test');
    await page.goto('/classes');
    await expect(page.getByRole('heading', { name: 'Classes are locked' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('main').getByLabel('Locked')).toBeVisible();
    await page.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });

  for (const email of [
    'dancer@demo.test',
    'vip@demo.test',
    'studio@demo.test',
    'subuser@demo.test',
    'admin@demo.test',
  ]) {
    test(`classes open for ${email}`, async ({ page }) => {
      await logInByApi(page, email);
      await page.goto('/classes');
      const grid = page.getByRole('list', { name: 'Classes videos' });
      await expect(grid.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Classes are locked' })).toHaveCount(0);
      if (email !== 'admin@demo.test') return;
      // The class filter opens in a modal with apply and reset.
      await page.getByRole('button', { name: 'Filters' }).click();
      const modal = page.getByRole('dialog', { name: 'Filter Classes' });
      await expect(modal.getByRole('button', { name: 'Reset' })).toBeVisible();
      await modal.getByText('Advanced', { exact: true }).click();
      await modal.getByRole('button', { name: /Apply/ }).click();
      await expect(page).toHaveURL(/levels=Advanced/);
    });
  }
});
