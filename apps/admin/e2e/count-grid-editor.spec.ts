import { expect, test } from '@playwright/test';
import { logInAsAdmin } from './helpers';

/**
 * The count-grid editor of the video form (issue 20 item 1) by keyboard alone: the nudges, the "no counts"
 * switch, tapping along and the save button are reached with Tab and work with Enter and Space. Nothing is
 * saved (the member's counting e2e uses the demo grids). SCREENSHOTS_DIR=/tmp/somewhere keeps a look at the
 * editor at 1280 and 390 px.
 */
test('the count-grid editor works by keyboard', async ({ page }) => {
  test.setTimeout(300_000);
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/AllVideos');
  const edit = page.getByRole('article').first().getByRole('button', { name: 'Edit' });
  await expect(edit).toBeVisible({ timeout: 150_000 });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit video' });
  const counts = dialog.getByRole('heading', { name: 'Counts' });
  await expect(counts).toBeVisible();
  const bpm = dialog.getByRole('textbox', { name: 'BPM' });
  const save = dialog.getByRole('button', { name: 'Save counts' });
  await expect(save).toBeDisabled();
  // Typed (the first video's grid may be unknown: no BPM yet), then nudged: Tab reaches the nudges, Enter and
  // Space press them.
  await bpm.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('120');
  await expect(bpm).toHaveValue('120');
  await expect(save).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '−0.1 BPM' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '+0.1 BPM' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(bpm).toHaveValue('120.2');

  // The first "1": Tab to the nudges, then to Tap along (the video's time is the tap).
  const downbeat = dialog.getByTestId('first-downbeat');
  const downbeatBefore = await downbeat.textContent();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'First "1" −10 ms' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'First "1" +10 ms' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(downbeat).not.toHaveText(downbeatBefore ?? '');
  await page.keyboard.press('Tab');
  // Tapping along needs the video's stream (an imported video without media has none): then Save is next.
  const tapAlong = dialog.getByRole('button', { name: /^Tap along/ });
  if ((await tapAlong.count()) > 0) {
    await expect(tapAlong).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Tap along (1)' })).toBeVisible();
  } else await expect(save).toBeFocused();

  const dir = process.env.SCREENSHOTS_DIR;
  if (dir)
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await counts.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/count-grid-editor-${width}.png` });
    }

  // "No counts" is a switch: Space turns it on and the tempo tools go away.
  const noCounts = dialog.getByRole('switch', { name: 'No counts (a video without music)' });
  await noCounts.focus();
  await page.keyboard.press('Space');
  await expect(noCounts).toBeChecked();
  await expect(bpm).toHaveCount(0);
  await save.focus();
  await expect(save).toBeFocused();
  await expect(save).toBeEnabled();
  // Closed without saving: Escape.
  await page.keyboard.press('Escape');
});
