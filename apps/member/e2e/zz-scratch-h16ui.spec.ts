import { type APIRequestContext, expect, test } from '@playwright/test';
import { renderLessonPlan, standardOutline } from '../../api/src/modules/trc/lesson-plan-pdf';
import { DEMO_PASSWORD } from './helpers';

async function login(request: APIRequestContext, email: string) {
  const r = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(r.status()).toBe(200);
  return (await r.json()).csrfToken as string;
}

test('scratch screenshots', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const adminCsrf = await login(request, 'admin@demo.test');
  const h = { 'x-csrf-token': adminCsrf };
  // Seed content when none.
  const existing = await (await request.get('/api/v1/admin/trc/content')).json();
  if (existing.items.length < 3) {
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 1; i <= 4; i += 1) {
      const bytes = await renderLessonPlan(standardOutline(`Jazz Basics ${i}`, 'Beginner', 'Ms Lee', 6));
      const up = await request.post('/api/v1/admin/trc/documents', {
        headers: h,
        multipart: { file: { name: `plan-${i}.pdf`, mimeType: 'application/pdf', buffer: bytes } },
      });
      expect(up.status(), await up.text()).toBe(201);
      const doc = await up.json();
      const created = await request.post('/api/v1/admin/trc/content', {
        headers: h,
        data: {
          title: `Jazz Basics lesson plan ${i}`,
          about: '<p>A <b>45-minute</b> class plan: warm-up, counts, across the floor and cool-down.</p>',
          fileType: 'pdf',
          documentId: doc.documentId,
          pages: doc.pages,
          allowDownload: i % 2 === 0,
          categories: [i === 4 ? 'resources' : 'lesson-plans'],
          releaseDate: today,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
  }
  // The member: VIP requests access, the admin approves.
  await login(page.request, 'vip@demo.test');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    const state = await (await page.request.get('/api/v1/trc/access')).json();
    if (state.access !== 'granted') {
      await page.goto('/trc/access');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/h16ui/access-${width}.png`, fullPage: true });
    }
  }
  let state = await (await page.request.get('/api/v1/trc/access')).json();
  if (state.access === 'apply') {
    const csrf = (await (await page.request.get('/api/v1/auth/session')).json()).csrfToken;
    const r = await page.request.post('/api/v1/trc/access', {
      headers: { 'x-csrf-token': csrf },
      data: { link: '@vera.plus', roles: ['instructor'], gain: 'Warm-ups' },
    });
    expect(r.status(), await r.text()).toBe(201);
    state = await r.json();
  }
  if (state.access === 'pending') {
    await page.goto('/trc/access');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/h16ui/pending-390.png', fullPage: true });
    const apps = await (await request.get('/api/v1/admin/trc/applications?status=pending')).json();
    const mine = apps.items.find((a: { email: string }) => a.email === 'vip@demo.test');
    const d = await request.post(`/api/v1/admin/trc/applications/${mine.id}/decision`, {
      headers: h,
      data: { status: 'approved' },
    });
    expect(d.status(), await d.text()).toBe(200);
  }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/trc');
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/h16ui/home-${width}.png`, fullPage: true });
    await page.goto('/trc/lesson-plans');
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/h16ui/list-${width}.png`, fullPage: true });
    await page.getByTestId('trc-card').first().getByRole('link').click();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/h16ui/content-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: /Read Lesson Plan|View Resource/ }).click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/h16ui/viewer-${width}.png` });
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/h16ui/viewer2-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/trc/trc-result?search_query=jazz');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/h16ui/search-${width}.png`, fullPage: true });
  }
  void browser;
});
