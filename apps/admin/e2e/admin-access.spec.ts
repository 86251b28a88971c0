import { expect, type Page, test } from '@playwright/test';

const PASSWORD = 'Dance123!';

async function logInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'LogIn' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('admin login and the console guard', () => {
  test('an admin lands on All Videos with the layout and the navigation', async ({ page }) => {
    await logInThroughForm(page, 'admin@demo.test');

    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).toBeVisible();
    // Every section of spec 3 §2 now has its page, so every one is offered (admin-nav.test checks each has a route).
    for (const label of [
      'All Videos',
      'Instructors',
      'Users',
      'Popups',
      'Banners',
      'Moderation',
      'Release audit',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'All Videos' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Account menu for Ava Admin' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();
  });

  test('the navigation reaches every section, whatever casing the spec gives it', async ({ page }) => {
    await logInThroughForm(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);

    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Instructors' }).click();
    await expect(page).toHaveURL(/\/AdminDashBoard\/Instructors$/);
    await expect(nav.getByRole('link', { name: 'Instructors' })).toHaveAttribute('aria-current', 'page');

    // A spec section typed in another casing reaches its page; an address of no section gets an honest
    // not-found view inside the layout, with the way back.
    await page.goto('/AdminDashboard/Release-Audit');
    await expect(page.getByRole('heading', { name: 'Release audit', level: 1 })).toBeVisible();
    await page.goto('/AdminDashboard/No-Such-Section');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to All Videos' }).click();
    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
  });

  test('logout returns to /login and the guard then refuses the console with "Please Login Again"', async ({
    page,
  }) => {
    await logInThroughForm(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);

    await page.getByRole('button', { name: 'Account menu for Ava Admin' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'LogIn' })).toBeVisible();
    await expect(page.getByText('Please Login Again')).toHaveCount(0);
    expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);

    await page.goto('/AdminDashboard/AllVideos');
    await expect(page.getByText('Please Login Again')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  });

  test('a member logging in at the admin app is refused with "user role does not match"', async ({
    page,
  }) => {
    await logInThroughForm(page, 'dancer@demo.test');

    await expect(page.getByText('user role does not match')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'LogIn' })).toBeVisible();
    // The session the member's credentials opened here is closed again.
    await expect.poll(async () => (await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  });

  test('a member session visiting the console is sent to /login with "user role does not match"', async ({
    page,
  }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'dancer@demo.test', password: PASSWORD },
    });
    expect(login.ok()).toBe(true);

    await page.goto('/AdminDashboard/AllVideos');
    await expect(page.getByText('user role does not match')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  });

  test('the login form asks for both fields and shows the server message on failure', async ({ page }) => {
    await page.goto('/Login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please fill in your email')).toBeVisible();
    await expect(page.getByText('Please Enter your password')).toBeVisible();

    await page.getByLabel('Email').fill('nobody@demo.test');
    await expect(page.getByText('Please fill in your email')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/Login$/);
  });
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation lives in a drawer that closes after choosing a section', async ({ page }) => {
    await logInThroughForm(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Banners' }).click();
    await expect(page).toHaveURL(/\/AdminDashboard\/banners$/);
    await expect(nav).not.toBeInViewport();
  });
});
