import { expect, type Page, test } from '@playwright/test';

async function logInAsAdmin(page: Page) {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: 'Dance123!' },
  });
  expect(res.ok()).toBe(true);
}

const suffix = () => Math.random().toString(36).slice(2, 7);

// Busy pages (tables of selects and colour pickers) on a shared 2-core machine: role queries need the room.
test.beforeEach(() => test.slow());

test('instructors: adds one with socials (validated), edits the socials, and deletes them', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashBoard/Instructors');
  await expect(page.getByRole('table', { name: 'Instructors' })).toBeVisible();
  await page.getByRole('button', { name: 'Add instructor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add instructor' });
  await dialog.getByRole('button', { name: 'Add instructor' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove social link 1' })).toBeDisabled();

  const name = `Lena Ortiz ${suffix()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Bio').fill('Flamenco and jazz fusion.');
  await dialog.getByLabel('URL 1').fill('www.facebook.com/lena');
  await dialog.getByRole('button', { name: 'Add instructor' }).click();
  await expect(dialog.getByText('Please select a platform')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Platform 1' }).click();
  await page.getByRole('option', { name: 'Facebook' }).click();
  await dialog.getByRole('button', { name: 'Add instructor' }).click();
  await expect(dialog.getByText('Enter a valid URL (e.g., https://www.facebook.com/username)')).toBeVisible();
  await dialog.getByLabel('URL 1').fill('https://www.facebook.com/lena');

  await dialog.getByRole('button', { name: 'Add social link' }).click();
  await dialog.getByRole('combobox', { name: 'Platform 2' }).click();
  await page.getByRole('option', { name: 'Instagram' }).click();
  await dialog.getByRole('button', { name: 'Add instructor' }).click();
  await expect(dialog.getByText('URL is required')).toBeVisible();
  await dialog.getByLabel('URL 2').fill('https://www.instagram.com/lena');
  await dialog.getByRole('button', { name: 'Add instructor' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('link', { name: `Facebook of ${name}` })).toHaveAttribute(
    'href',
    'https://www.facebook.com/lena',
  );
  await expect(row.getByRole('link', { name: `Instagram of ${name}` })).toBeVisible();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit instructor' });
  await edit.getByRole('button', { name: 'Remove social link 2' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('link', { name: `Instagram of ${name}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this instructor?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('users: searches, edits a user with the spec texts, refuses a taken email, and deletes', async ({
  page,
}) => {
  const email = `e2e-${suffix()}@example.com`;
  const signUp = await page.request.post('/api/v1/auth/signup', {
    data: {
      firstName: 'Pat',
      lastName: 'Plié',
      email,
      password: 'pirouette-42',
      reEnteredPassword: 'pirouette-42',
      role: 'other',
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  await page.context().clearCookies();
  await logInAsAdmin(page);

  // Other specs add users to the shared database: find the admin's own row by searching, not on page 1.
  await page.goto('/AdminDashboard/AllUsers?search=admin%40demo.test');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Ava Admin' })).toBeDisabled();

  await page.getByLabel('Search users').fill(email);
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Edit Pat Plié' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('First name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill in your first name')).toBeVisible();
  await dialog.getByLabel('First name').fill('Patricia');
  await dialog.getByLabel('Email').fill('dancer@demo.test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Another account already uses this email.')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: /Patricia Plié/ })).toBeVisible();

  await table.getByRole('button', { name: 'Delete Patricia Plié' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this user?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByText('User Deleted Successfully')).toBeVisible();
  await expect(page.getByText('No items found.')).toBeVisible();
});
