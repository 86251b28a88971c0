import { configure, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

// The console's lazy screens load on first use: give the first finds room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const dana = {
  id: 'u2',
  firstName: 'Dana',
  lastName: 'Dancer',
  email: 'dancer@demo.test',
  role: 'user',
  userType: 'individual-user',
  imageUrl: null,
  studioOwnerId: null,
  createdAt: '2026-01-02T00:00:00.000Z',
};
const me = {
  ...dana,
  id: adminUser.id,
  firstName: 'Ada',
  lastName: 'Admin',
  email: adminUser.email,
  role: 'admin',
  userType: null,
};

describe('users page', { timeout: 30_000 }, () => {
  it('requires the names and email, shows the server message on failure and the spec text on success', async () => {
    let attempt = 0;
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/users', () =>
        HttpResponse.json({ items: [dana, me], total: 2, page: 1, pageSize: 20 }),
      ),
      http.put('/api/v1/admin/users/:id', async ({ request }) => {
        attempt += 1;
        if (attempt === 1) return problem(409, 'EMAIL_TAKEN', 'Another account already uses this email.');
        const body = (await request.json()) as Record<string, string>;
        return HttpResponse.json({ user: { ...dana, ...body }, message: 'User updated successfully' });
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/AllUsers');
    expect(await screen.findByRole('button', { name: 'Delete Ada Admin' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Dana Dancer' }));
    const first = await screen.findByLabelText(/First name/);
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in your first name')).toBeInTheDocument();

    await user.type(first, 'Danielle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another account already uses this email.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });
});
