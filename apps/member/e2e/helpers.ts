import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * An axe scan of the page itself (axe.run in the page; the apps have no frames): the default opens a blank page
 * per scan to merge the frames' results, which made the console's sweep a quarter slower (131 s against 101 s).
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

export const DEMO_PASSWORD = 'Dance123!';

/** A fresh address per test: the e2e database is shared by every test of a run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@e2e.test`;
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newMember(prefix: string): NewMember {
  return { firstName: 'Erin', lastName: 'Endtoend', email: uniqueEmail(prefix), password: 'Secret123!' };
}

/** Creates an individual account straight through the API (through the member app's /api proxy). */
export async function createIndividual(request: APIRequestContext, member: NewMember) {
  const response = await request.post('/api/v1/auth/signup', {
    data: { ...member, reEnteredPassword: member.password, role: 'dancer-parent', acceptTerms: true },
  });
  expect(response.status()).toBe(201);
}

/** Creates a studio owner account straight through the API. */
export async function createStudioOwner(request: APIRequestContext, member: NewMember) {
  const response = await request.post('/api/v1/auth/studio-signup', {
    data: { ...member, reEnteredPassword: member.password, acceptTerms: true },
  });
  expect(response.status()).toBe(201);
}

/** Fills the sign-up form (individual or studio: the role is chosen only when given). */
export async function fillSignUpForm(page: Page, member: NewMember, role?: string) {
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Re-enter password').fill(member.password);
  if (role) await page.getByLabel(role).check();
  await page.getByRole('checkbox').check();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
}

/**
 * A demo video whose media is ready. The e2e API renders demo media for a few videos in the background,
 * so wait for one of the newest library videos (or the first class) to answer 200.
 */
export async function findPlayable(request: APIRequestContext, kind: 'library' | 'class'): Promise<string> {
  const list = await (await request.get(`/api/v1/videos?kind=${kind}&pageSize=10`)).json();
  const ids: string[] = list.items
    .filter((v: { isComingSoon: boolean }) => !v.isComingSoon)
    .map((v: { id: string }) => v.id);
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    for (const id of ids) {
      const res = await request.get(`/api/v1/videos/${id}/playback`);
      if (res.status() === 200) return id;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`No playable ${kind} video`);
}

export const videoState = (page: Page) =>
  page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    height: v.videoHeight,
    rate: v.playbackRate,
    paused: v.paused,
    tracks: Array.from(v.textTracks).map((t) => t.mode),
  }));

export async function startPlaying(page: Page) {
  await expect(page.getByTestId('player-video')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState)) >= 2,
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

/**
 * The axe check (WCAG 2.1 A and AA rules) of one part of the page (`selector`), in light and in dark mode: the apps
 * follow the system's colour scheme, so the check switches it and scans again. Scoped to the part a test is
 * about: the shell and other pages still have findings of their own (issue 22 makes the whole product pass).
 */
export async function expectAccessible(page: Page, selector: string) {
  await expect(page.locator(selector).first()).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    const { violations } = await axe(page)
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const found = violations.map(
      (v) =>
        `${colorScheme}: ${v.id} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** The WCAG 2.2 A and AA rules of axe (issue 22 item 15). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The violations of the whole page, in light and in dark mode (the apps follow the system's colour
 * scheme), as "scheme: rule (count) targets" lines, empty when the page passes.
 */
export async function pageViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    // Mantine's transitions (menus, the colour change) settle before the scan.
    await page.waitForTimeout(250);
    const { violations } = await axe(page).withTags(WCAG_22_AA).analyze();
    for (const v of violations) {
      const nodes = v.nodes;
      const where = nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`);
      found.push(`${colorScheme}: ${v.id} (${nodes.length}) ${where.join(' | ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}
