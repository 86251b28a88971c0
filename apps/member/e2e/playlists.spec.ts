import { expect, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, newMember } from './helpers';

test.describe('playlists', () => {
  test.setTimeout(60_000);

  test('create from a card, add another, reorder by keyboard, shuffle and undo', async ({ page }) => {
    const member = newMember('playlists');
    await createIndividual(page.request, member);
    await page.goto('/AllVideos');
    const addButtons = page.getByRole('button', { name: /^Add .* to playlist$/ });
    await addButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByLabel('New playlist').fill('My E2E list');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Created and added playlist successfully')).toBeVisible();

    await addButtons.nth(1).click();
    await dialog.getByRole('checkbox', { name: 'My E2E list' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Added to playlist successfully')).toBeVisible();

    await page.goto('/personal-playlist');
    await expect(page.getByTestId('playlist-title')).toHaveText('My E2E list');
    const rows = page.getByTestId('playlist-video');
    await expect(rows).toHaveCount(2);
    const first = (await rows.nth(0).textContent()) ?? '';

    await page.getByRole('button', { name: 'Edit' }).click();
    const handle = page.getByRole('button', { name: /^Move / }).first();
    await handle.focus();
    // dnd-kit's keyboard sensor: Space picks up, arrows move, Space drops (it measures between steps).
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect(rows.nth(1)).toHaveText(first);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Playlist reordered successfully!')).toBeVisible();
    await expect(rows.nth(1)).toHaveText(first);

    const before = await rows.allTextContents();
    await page.getByRole('button', { name: 'Shuffle' }).click();
    await expect(page.getByRole('button', { name: 'Shuffle' })).toBeDisabled();
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await rows.allTextContents()).toEqual(before);
  });

  test('a sub-user sees the studio playlist without remove, reorder, edit or shuffle', async ({ page }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'subuser@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto('/studio-playlist');
    await expect(page.getByTestId('playlist-title')).toHaveText('Studio Monday Class');
    await expect(page.getByTestId('playlist-video').first()).toBeVisible();
    for (const name of ['Edit', 'Shuffle', 'Rename', 'Delete'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create playlist' })).toBeVisible();
  });

  test('guests see featured playlists', async ({ page }) => {
    await page.goto('/featured-playlist');
    await expect(page.getByTestId('playlist-card').filter({ hasText: 'Beginner Essentials' })).toBeVisible();
    await expect(page.getByTestId('playlist-title')).toBeVisible();
    await expect(page.getByTestId('playlist-video').first()).toBeVisible();
  });
});
