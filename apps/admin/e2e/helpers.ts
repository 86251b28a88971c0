import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * An axe scan of the page itself (axe.run in the page; the apps have no frames): the default opens a blank page
 * per scan to merge the frames' results, which made the console's sweep a quarter slower (131 s against 101 s).
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

export const DEMO_PASSWORD = 'Dance123!';

/** The WCAG 2.2 A and AA rules of axe (issue 22 item 15). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Logs in through the API (the console's /api proxy): the cookie is shared by the page. */
export async function logInAsAdmin(page: Page, email = 'admin@demo.test') {
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** The violations of one part of the page (`selector`) in one colour scheme, one line per rule. */
async function violationsIn(page: Page, selector: string, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
  // Mantine's transitions (menus, the colour change) settle before the scan.
  await page.waitForTimeout(250);
  const { violations } = await axe(page).include(selector).withTags(WCAG_22_AA).analyze();
  const found: string[] = [];
  for (const v of violations) {
    const nodes = v.nodes;
    const where = nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`);
    found.push(`${colorScheme}: ${v.id} (${nodes.length}) ${where.join(' | ')}`);
  }
  return found;
}

/**
 * The axe check (WCAG 2.2 A and AA rules) of one part of the page (`selector`, the whole page by default),
 * in light and in dark mode: the console follows the system's colour scheme, so the check switches it and
 * scans again. The admin counterpart of the member app's helper of the same name.
 */
export async function expectAccessible(page: Page, selector = 'body') {
  await expect(page.locator(selector).first()).toBeVisible();
  const found = [
    ...(await violationsIn(page, selector, 'light')),
    ...(await violationsIn(page, selector, 'dark')),
  ];
  await page.emulateMedia({ colorScheme: null });
  expect(found).toEqual([]);
}

/** The whole page's violations in the scheme its context already emulates (the sweep's one context per scheme). */
export async function schemeViolations(page: Page, colorScheme: 'light' | 'dark'): Promise<string[]> {
  return violationsIn(page, 'body', colorScheme);
}

/**
 * Types into a tag or product picker (`field`, its label) and picks `option` from the answer to what was
 * typed, checking that its chip appears. The list is positioned (and can move) while it opens; when a click
 * lands in that moment, or the list has closed, the field is clicked again to reopen it and the pick retried.
 */
export async function pickSuggestion(page: Page, field: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: field });
  const answered = page.waitForResponse((r) => r.url().includes(`query=${encodeURIComponent(typed)}`));
  await input.fill(typed);
  await answered;
  const suggestion = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await suggestion.isVisible())) await input.click();
    await suggestion.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: field }).getByText(option)).toBeVisible();
}
