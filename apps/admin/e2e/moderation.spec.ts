import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { expectAccessible } from './helpers';

const PASSWORD = 'Dance123!';

async function logInAsAdmin(page: Page) {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).csrfToken as string;
}

test.beforeEach(() => test.slow());

test('moderation: the pending comment is approved (count drops, link to view it), the switch and the images tab work', async ({
  page,
  baseURL,
}) => {
  const csrf = await logInAsAdmin(page);
  const setValidation = (commentValidation: boolean) =>
    page.request.put('/api/v1/admin/moderation/settings', {
      data: { commentValidation },
      headers: { 'x-csrf-token': csrf },
    });

  // A member posts while comment validation is on.
  expect((await setValidation(true)).ok()).toBe(true);
  const member = await playwrightRequest.newContext({ baseURL });
  const login = await member.post('/api/v1/auth/login', {
    data: { email: 'vip@demo.test', password: PASSWORD },
  });
  const memberCsrf = (await login.json()).csrfToken as string;
  const videos = await (await member.get('/api/v1/videos?kind=library&pageSize=5')).json();
  const text = `Please check my plié ${Date.now().toString(36)}`;
  const posted = await member.post('/api/v1/comments', {
    data: { subjectType: 'video', subjectId: videos.items[0].id, content: text },
    headers: { 'x-csrf-token': memberCsrf },
  });
  expect(posted.status()).toBe(201);
  expect((await posted.json()).requiresValidation).toBe(true);

  try {
    await page.goto('/AdminDashboard/moderation');
    await expect(page.getByRole('link', { name: 'Moderation' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Comments' });
    const row = table.getByTestId('moderation-row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByText('vip@demo.test')).toBeVisible();
    const summary = page.getByText(/of \d+ comments$/);
    const before = Number((await summary.textContent())!.match(/of (\d+) comments/)![1]);
    await expectAccessible(page, '[data-testid="moderation-settings"], table');

    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('The comment is approved')).toBeVisible();
    await expect(row).toHaveCount(0);
    if (before > 1) await expect(summary).toHaveText(new RegExp(`of ${before - 1} comments$`));
    else await expect(page.getByText(/No comments/).first()).toBeVisible();

    // Approved: it offers a link to the comment in the member app (target=).
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    const approved = table.getByTestId('moderation-row').filter({ hasText: text });
    await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
    await expect(approved.getByRole('link', { name: 'View comment' })).toHaveAttribute(
      'href',
      /PlayerPage\?v=.+&target=/,
    );

    // The comment validation switch turns moderation off through the API; image validation is shown, fixed.
    const commentSwitch = page.getByRole('switch', { name: /Comment validation/ });
    await expect(commentSwitch).toBeChecked();
    await commentSwitch.click({ force: true });
    await expect(commentSwitch).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/v1/admin/moderation/settings')).json()).commentValidation,
      )
      .toBe(false);
    await expect(page.getByRole('switch', { name: /Image validation/ })).toBeDisabled();

    // The images tab lists the demo's pending image.
    await page.getByRole('tab', { name: 'Images' }).click();
    // The tab is in the address: the status is chosen once the tab shows (react-router's setSearchParams
    // builds from its render's parameters, so a change in the same instant would put the tab back).
    await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await expect(
      page.getByRole('table', { name: 'Images' }).getByTestId('moderation-row').first(),
    ).toBeVisible();
  } finally {
    await setValidation(false);
    await member.dispose();
  }
});
