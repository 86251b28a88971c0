import { addDays, todayInNewYork } from '@dance/domain';
import { expect as baseExpect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { expectAccessible } from './helpers';

const PASSWORD = 'Dance123!';
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const API_URL = `http://localhost:${PORT_BASE || 3100}`;
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A real two-page PDF, written by hand: the API counts its pages from the page tree. */
function twoPagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function logInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
}

test.describe('TRC approval', () => {
  test('a teacher applies, the admin finds the request by filters and search and approves it; decided rows have no buttons', async ({
    page,
  }) => {
    // A new member applies through the API (the member side is tested in the member app).
    const api = await playwrightRequest.newContext({ baseURL: API_URL });
    const email = `trc-${Date.now()}@example.com`;
    const signUp = await api.post('/api/v1/auth/signup', {
      data: {
        firstName: 'Tessa',
        lastName: 'Teacher',
        email,
        password: 'pirouette-42',
        reEnteredPassword: 'pirouette-42',
        role: 'dance-instructor',
        acceptTerms: true,
      },
    });
    expect(signUp.ok()).toBe(true);
    const { csrfToken } = await signUp.json();
    const applied = await api.post('/api/v1/trc/access', {
      data: { link: '@tessa.teaches', roles: ['instructor', 'studio-owner'], gain: 'Warm-ups for tiny tots' },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(applied.status()).toBe(201);

    await logInAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'TRC approval' })
      .click();
    await expect(page.getByRole('heading', { name: 'Approve New TRC Request' })).toBeVisible();
    const table = page.getByRole('table', { name: 'TRC access requests' });
    await expect(table.getByText('Priya Patel')).toBeVisible();
    await expect(table.getByText('Tessa Teacher')).toBeVisible();
    await expectAccessible(page, 'main');

    await page.getByRole('textbox', { name: 'Search' }).fill('tessa');
    await expect(table.getByText('Priya Patel')).toHaveCount(0);
    const row = table.getByRole('row').filter({ hasText: 'Tessa Teacher' });
    await expect(row.getByRole('link', { name: 'instagram.com/tessa.teaches/' })).toBeVisible();
    await row.getByRole('button', { name: 'Approve Tessa Teacher' }).click();
    await expect(page.getByText('Access approved')).toBeVisible();
    // Pending is the default filter: the decided request leaves it.
    await expect(table.getByText('Tessa Teacher')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    const approvedRow = table.getByRole('row').filter({ hasText: 'Tessa Teacher' });
    await expect(approvedRow.getByText('Approved')).toBeVisible();
    await expect(approvedRow.getByRole('button')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect(table.getByText('Jo Kim')).toBeVisible();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Studio Owner' }).click();
    await expect(page.getByText('No items found.')).toBeVisible();

    // The member's standing changed: approved, and without a plan sent to the plans.
    const state = await (await api.get('/api/v1/trc/access')).json();
    expect(state).toMatchObject({ status: 'approved', access: 'plans' });
    await api.dispose();
  });

  test('the lower-case address reaches the same page', async ({ page }) => {
    await logInAdmin(page);
    await page.goto('/AdminDashboard/trc-approval');
    await expect(page.getByRole('heading', { name: 'Approve New TRC Request' })).toBeVisible();
  });
});

test.describe('TRC content', () => {
  test('the form checks every field, reads the pages from the PDF, saves, edits and deletes', async ({
    page,
  }) => {
    await logInAdmin(page);
    await page.goto('/AdminDashboard/TRC-content');
    await expect(page.getByRole('heading', { name: 'TRC content' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Tap Foundations: Week 1' })).toBeVisible();
    await expect(page.getByText('Hidden from members until then').first()).toBeVisible();
    await expectAccessible(page, 'main');

    await page.getByRole('link', { name: 'Add content' }).click();
    await expect(page).toHaveURL(/\/AdminDashboard\/TRC-add$/);
    await page.getByRole('button', { name: 'Add content' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('About is required')).toBeVisible();
    await expect(page.getByText('File type is required')).toBeVisible();
    await expect(page.getByText('Please select at least one category')).toBeVisible();

    const title = `Lindy hop basics ${Math.random().toString(36).slice(2, 6)}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    // Empty rich text counts as empty.
    const about = page.getByRole('textbox', { name: 'About' });
    await about.click();
    await about.pressSequentially('   ');
    await page.getByRole('radio', { name: 'PDF' }).check();
    await page.getByRole('button', { name: 'Add content' }).click();
    await expect(page.getByText('About is required')).toBeVisible();
    await expect(page.getByText('Please upload a PDF or paste a PDF URL.')).toBeVisible();
    await about.pressSequentially('Swing outs and triple steps.');

    await page.getByRole('textbox', { name: 'Or paste a PDF URL' }).fill('http://127.0.0.1:1/plan.pdf');
    await page.getByRole('button', { name: 'Fetch' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unable to fetch PDF. Please check the URL.' }).first(),
    ).toBeVisible();

    await page
      .locator('input[type="file"][accept="application/pdf"]')
      .setInputFiles({ name: 'lindy.pdf', mimeType: 'application/pdf', buffer: twoPagePdf() });
    await expect(page.getByTestId('pdf-ready')).toContainText('2 pages');
    await expect(page.getByRole('textbox', { name: 'Pages' })).toHaveValue('2');
    // Switching the type clears the other type's fields.
    await page.getByRole('radio', { name: 'Video' }).check();
    await expect(page.getByRole('textbox', { name: 'Duration (in seconds)' })).toHaveValue('');
    await page.getByRole('radio', { name: 'PDF' }).check();
    await expect(page.getByTestId('pdf-ready')).toHaveCount(0);
    await page
      .locator('input[type="file"][accept="application/pdf"]')
      .setInputFiles({ name: 'lindy.pdf', mimeType: 'application/pdf', buffer: twoPagePdf() });
    await expect(page.getByTestId('pdf-ready')).toContainText('2 pages');

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Lesson Plans' }).click();
    await page.keyboard.press('Escape');
    const releaseDate = page.getByLabel('Release date');
    await releaseDate.fill(addDays(todayInNewYork(), -1));
    await page.getByRole('button', { name: 'Add content' }).click();
    await expect(page.getByText('Release date cannot be before today.')).toBeVisible();
    await releaseDate.fill(todayInNewYork());
    await page.getByRole('button', { name: 'Add content' }).click();
    await expect(page.getByText('Content added successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/AdminDashboard\/TRC-content$/);

    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('PDF · 2 pages');
    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit TRC content' })).toBeVisible();
    await expect(page.getByTestId('pdf-ready')).toContainText('2 pages');
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (updated)`);
    // The form's axe check waits for the shared form frame, image picker and Mantine's input descriptions to reach
    // AA contrast (issue 22); the list pages above are checked.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Content updated successfully.')).toBeVisible();

    const updated = page.getByRole('article', { name: `${title} (updated)` });
    await updated.getByRole('button', { name: `Delete ${title} (updated)` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: `${title} (updated)` })).toHaveCount(0);
  });
});
