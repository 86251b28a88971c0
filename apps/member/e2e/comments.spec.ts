import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible } from './helpers';

/** A signed-in page of its own browser context (its own cookies), for one demo account. */
async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return page;
}

async function csrfOf(request: APIRequestContext) {
  return (await (await request.get('/api/v1/auth/session')).json()).csrfToken as string;
}

/** The newest released library video without demo comments (a quiet place for each test). */
async function quietVideo(request: APIRequestContext, skip: number): Promise<string> {
  const list = await (await request.get('/api/v1/videos?kind=library&pageSize=20')).json();
  const ids = list.items
    .filter((v: { isComingSoon: boolean }) => !v.isComingSoon)
    .map((v: { id: string }) => v.id);
  return ids[skip] as string;
}

const stamp = () => Date.now().toString(36);
const chat = (page: Page) => page.getByRole('region', { name: 'Community Chat' });

test.describe('community chat', () => {
  test.setTimeout(90_000);

  test('two members: post, reply, edit and delete, each seen live by the other', async ({
    browser,
    baseURL,
  }) => {
    const dana = await signedInPage(browser, baseURL!, 'dancer@demo.test');
    const vera = await signedInPage(browser, baseURL!, 'vip@demo.test');
    const videoId = await quietVideo(dana.request, 0);
    await dana.goto(`/PlayerPage?v=${videoId}`);
    await vera.goto(`/PlayerPage?v=${videoId}`);
    await expect(chat(dana)).toBeVisible();
    await expect(chat(vera)).toBeVisible();

    // Post with Enter; the button is disabled while the box is empty.
    const box = chat(dana).getByRole('textbox', { name: 'Write a comment' });
    await expect(chat(dana).getByRole('button', { name: 'Post' })).toBeDisabled();
    const text = `Where do I look when I spot? ${stamp()}`;
    await box.fill(text);
    await box.press('Enter');
    await expect(dana.getByText('Successfully posted!')).toBeVisible();
    await expect(box).toHaveValue('');
    // Vera sees it arrive without reloading.
    await expect(chat(vera).getByText(text)).toBeVisible({ timeout: 10_000 });
    await expectAccessible(vera, 'section[aria-labelledby="community-chat-title"]');

    // Vera replies; Dana sees the reply live.
    const comment = chat(vera).getByTestId('comment').filter({ hasText: text });
    await comment.getByRole('button', { name: 'Reply' }).click();
    const reply = `Eye level, then whip the head ${stamp()}`;
    const replyBox = chat(vera).getByRole('textbox', { name: 'Write a reply' });
    await replyBox.fill(reply);
    await replyBox.press('Enter');
    await expect(vera.getByText('Successfully posted!').first()).toBeVisible();
    await expect(chat(dana).getByText(reply)).toBeVisible({ timeout: 10_000 });

    // Dana edits: Shift+Enter breaks the line, Enter saves; Vera sees the new text.
    const mine = chat(dana).getByTestId('comment').filter({ hasText: text }).first();
    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = chat(dana).getByRole('textbox', { name: 'Edit comment' });
    await expect(edit).toHaveAttribute('placeholder', 'Edited comment cannot be empty!');
    await edit.fill(`${text} (edited)`);
    await edit.press('Enter');
    await expect(dana.getByText('Successfully updated!')).toBeVisible();
    await expect(chat(vera).getByText(`${text} (edited)`)).toBeVisible({ timeout: 10_000 });

    // Dana deletes after confirming; it disappears for Vera.
    await chat(dana)
      .getByTestId('comment')
      .filter({ hasText: `${text} (edited)` })
      .first()
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(dana.getByText('Are you sure you want to delete this comment?')).toBeVisible();
    await dana.getByRole('button', { name: 'YES' }).click();
    await expect(dana.getByText('Successfully deleted!')).toBeVisible();
    await expect(chat(vera).getByText(`${text} (edited)`)).toHaveCount(0, { timeout: 10_000 });
    await expect(chat(vera).getByText(reply)).toHaveCount(0);
  });

  test('moderation on: the author sees it pending, the other member sees it appear once approved', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedInPage(browser, baseURL!, 'admin@demo.test');
    const adminCsrf = await csrfOf(admin.request);
    const setValidation = (commentValidation: boolean) =>
      admin.request.put('/api/v1/admin/moderation/settings', {
        data: { commentValidation },
        headers: { 'x-csrf-token': adminCsrf },
      });
    expect((await setValidation(true)).status()).toBe(200);
    try {
      const dana = await signedInPage(browser, baseURL!, 'dancer@demo.test');
      const vera = await signedInPage(browser, baseURL!, 'vip@demo.test');
      const videoId = await quietVideo(dana.request, 1);
      await dana.goto(`/PlayerPage?v=${videoId}`);
      await vera.goto(`/PlayerPage?v=${videoId}`);
      const text = `Is my turnout right? ${stamp()}`;
      const box = chat(dana).getByRole('textbox', { name: 'Write a comment' });
      await box.fill(text);
      await chat(dana).getByRole('button', { name: 'Post' }).click();
      await expect(dana.getByText('Comment is now pending approval from administration.')).toBeVisible();
      const pending = chat(dana).getByTestId('comment').filter({ hasText: text });
      await expect(pending.getByText('Pending approval')).toBeVisible();
      await expect(chat(vera).getByText(text)).toHaveCount(0);

      const queue = await (
        await admin.request.get('/api/v1/admin/moderation/comments?status=pending')
      ).json();
      const item = queue.items.find((c: { content: string }) => c.content === text);
      const approved = await admin.request.post(`/api/v1/admin/moderation/comments/${item.id}/decision`, {
        data: { approve: true },
        headers: { 'x-csrf-token': adminCsrf },
      });
      expect(approved.status()).toBe(200);
      await expect(chat(vera).getByText(text)).toBeVisible({ timeout: 10_000 });
      await expect(pending.getByText('Pending approval')).toHaveCount(0, { timeout: 10_000 });
    } finally {
      await setValidation(false);
    }
  });

  test('target= scrolls to and highlights a comment past the first page', async ({ browser, baseURL }) => {
    const admin = await signedInPage(browser, baseURL!, 'admin@demo.test');
    const csrf = await csrfOf(admin.request);
    const videoId = await quietVideo(admin.request, 2);
    const run = stamp();
    let targetId = '';
    for (let i = 0; i < 24; i += 1) {
      const res = await admin.request.post('/api/v1/comments', {
        data: { subjectType: 'video', subjectId: videoId, content: `Class note ${i} ${run}` },
        headers: { 'x-csrf-token': csrf },
      });
      if (i === 0) targetId = (await res.json()).comment.id;
    }
    const dana = await signedInPage(browser, baseURL!, 'dancer@demo.test');
    await dana.goto(`/PlayerPage?v=${videoId}&target=${targetId}`);
    const target = dana.locator(`#comment-${targetId}`);
    await expect(target).toBeVisible();
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(target).toBeInViewport();
  });
});
