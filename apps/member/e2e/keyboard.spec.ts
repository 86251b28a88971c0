import { expect, type Locator, type Page, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, findPlayable, newMember, videoState } from './helpers';

/**
 * Keyboard-only flows (issue 22 item 15): sign-up, login, creating a playlist, reaching checkout and playing
 * a video with the practice tools with Tab, Shift+Tab, Enter, Space, Escape, the player's keys and typing
 * only, no clicks. Every control reached shows a visible focus indicator.
 */

/** Whether the focused element draws a focus indicator (an outline or a ring) of its own. */
async function hasVisibleFocus(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

/** Presses Tab until `target` has the focus (at most `max` times), then checks the focus is visible. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  const focusable = target;
  // Inputs show their focus on the input itself; Mantine draws it as an outline or a border colour.
  const tag = await focusable.evaluate((el) => el.tagName);
  if (tag !== 'INPUT' && tag !== 'TEXTAREA') expect(await hasVisibleFocus(focusable)).toBe(true);
}

test.describe('keyboard only', () => {
  test.setTimeout(90_000);

  test('sign up', async ({ page }) => {
    const member = newMember('keyboard-signup');
    await page.goto('/SignUp');
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type(member.firstName);
    await tabTo(page, page.getByLabel('Last name'));
    await page.keyboard.type(member.lastName);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(member.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(member.password);
    await tabTo(page, page.getByLabel('Re-enter password'));
    await page.keyboard.type(member.password);
    // A radio group is one Tab stop: the arrows move within it, Space picks.
    const role = page.getByLabel('Dancer/Parent');
    for (let i = 0; i < 40 && !(await role.evaluate((el) => el === document.activeElement)); i += 1) {
      const inGroup = await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.type === 'radio',
      );
      await page.keyboard.press(inGroup ? 'ArrowDown' : 'Tab');
    }
    await expect(role).toBeFocused();
    await page.keyboard.press('Space');
    await expect(role).toBeChecked();
    const terms = page.getByRole('checkbox');
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'SIGN UP', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/plans$/, { timeout: 15_000 });
  });

  test('log in', async ({ page }) => {
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type('vip@demo.test');
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'LOG IN' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Open profile menu/ })).toBeVisible({ timeout: 15_000 });
  });

  test('create a playlist', async ({ page }) => {
    await createIndividual(page.request, newMember('keyboard-playlist'));
    await page.goto('/AllVideos');
    const add = page.getByRole('button', { name: /^Add .* to playlist$/ }).first();
    await expect(add).toBeVisible({ timeout: 15_000 });
    await tabTo(page, add, 200);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('New playlist'));
    await page.keyboard.type('Keyboard list');
    await tabTo(page, dialog.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Created and added playlist successfully')).toBeVisible();
  });

  test('reach checkout', async ({ page }) => {
    await createIndividual(page.request, newMember('keyboard-checkout'));
    await page.goto('/plans');
    const start = page.getByTestId('plan-card-VIP').getByRole('button', { name: /START FREE TRIAL/ });
    await expect(start).toBeVisible({ timeout: 20_000 });
    await tabTo(page, start, 200);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/v1\/billing\/sandbox\/checkout\/sbx_/, { timeout: 15_000 });
    const pay = page.getByRole('button', { name: 'Start free trial' });
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\?checkout=succeeded/, { timeout: 15_000 });
  });

  test('play a video with the practice tools', async ({ page }) => {
    test.setTimeout(180_000);
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    const video = page.getByTestId('player-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await page.keyboard.press('m');

    // Play with Enter on the Play button; the slider's value is spoken and follows the video.
    await tabTo(page, page.getByRole('button', { name: 'Play', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    const slider = page.getByRole('slider', { name: 'Seek' });
    // Both attributes in one read: two reads a loaded machine's second apart saw an older number and a newer text.
    const spoken = () =>
      slider.evaluate((el) => ({
        now: Number(el.getAttribute('aria-valuenow')),
        text: el.getAttribute('aria-valuetext') ?? '',
      }));
    const first = await spoken();
    expect(first.text).toMatch(/^\d+:\d{2} of \d+:\d{2}$/);
    await expect
      .poll(async () => (await spoken()).now, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(first.now + 2);
    expect((await spoken()).text).not.toBe(first.text);
    expect(Number(await slider.getAttribute('aria-valuemax'))).toBeGreaterThan((await spoken()).now);

    // Speed: Enter opens the menu, Tab reaches 0.5x, Enter picks it; the menu closes back on its button.
    const speed = page.getByRole('button', { name: /^Speed / });
    await tabTo(page, speed);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('menuitem', { name: '0.5x' }), 10);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await videoState(page)).rate).toBe(0.5);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Speed 0.5x' })).toBeFocused();

    // Mirror with Space (a focused button takes Space, the video keeps playing).
    const mirror = page.getByRole('button', { name: 'Mirror' });
    await tabTo(page, mirror);
    await page.keyboard.press('Space');
    await expect(mirror).toHaveAttribute('aria-pressed', 'true');
    await expect(video).toHaveAttribute('data-mirrored', 'true');
    expect((await videoState(page)).paused).toBe(false);

    // The quality menu opens and Escape closes it, the focus back on its button.
    const quality = page.getByRole('button', { name: /^Quality/ });
    await tabTo(page, quality);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(quality).toBeFocused();

    // An A-B loop: Set A, a moment later Set B; the loop shows on the bar and Stop loop ends it.
    await tabTo(page, page.getByRole('button', { name: 'Set A' }));
    await page.keyboard.press('Enter');
    const a = (await videoState(page)).time;
    await expect.poll(async () => (await videoState(page)).time, { timeout: 15_000 }).toBeGreaterThan(a + 1);
    await tabTo(page, page.getByRole('button', { name: 'Set B' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('loop-status')).toBeVisible();
    await expect(page.getByTestId('loop-range')).toBeVisible();
    const stop = page.getByRole('button', { name: 'Stop loop' });
    await tabTo(page, stop);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('loop-status')).toHaveCount(0);

    // Back to the demo member's saved preferences (mirror off, 1x) for the other tests, by keyboard too.
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 40 && !(await mirror.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(mirror).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mirror).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Speed 0.5x' })).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('menuitem', { name: '1x', exact: true }), 10);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await videoState(page)).rate).toBe(1);

    // The focus is never trapped: Tab leaves the player for the rest of the page.
    const frame = page.getByTestId('player-frame');
    let isOutside = false;
    for (let i = 0; i < 40 && !isOutside; i += 1) {
      await page.keyboard.press('Tab');
      isOutside = await frame.evaluate((el) => !el.contains(document.activeElement));
    }
    expect(isOutside).toBe(true);
  });
});
