import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable } from './helpers';

async function logInApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

/** Issue 22 item 2 (decision 0034): classes are a Plus and studio feature, as the plans page sells them. */
test('a Standard member gets the trailer and Upgrade My Account on a class; a Plus member plays it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInApi(page.request, 'vip@demo.test');
  const classId = await findPlayable(page.request, 'class');
  await page.request.post('/api/v1/auth/logout');

  await logInApi(page.request, 'dancer@demo.test');
  const playback = await (await page.request.get(`/api/v1/videos/${classId}/playback`)).json();
  expect(playback).toMatchObject({ access: 'upgrade', source: null });
  await page.goto(`/PlayerPage?v=${classId}&type=CL`);
  await expect(page.getByTestId('upgrade-view')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade My Account' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});
