import { configure, screen, waitFor, within } from '@testing-library/react';
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
  plan: null,
  studio: null,
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

describe('users page: plans, studios, filters and bulk actions (issue 22 item 10)', {
  timeout: 30_000,
}, () => {
  it('shows plan, status and a linked studio, filters by kind and status, and deletes a selection', async () => {
    const owner = {
      ...dana,
      id: 'u3',
      firstName: 'Stella',
      lastName: 'Studio',
      email: 'stella@demo.test',
      userType: 'studio-owner',
      plan: {
        planId: 'STUDIO-5',
        title: 'Studio, 5 seats',
        status: 'active',
        statusLabel: 'Active',
        via: 'own',
      },
      studio: null,
    };
    const sub = {
      ...dana,
      id: 'u4',
      firstName: 'Sam',
      lastName: 'Sub',
      email: 'sam@demo.test',
      userType: 'subuser',
      studioOwnerId: 'u3',
      plan: { ...owner.plan, via: 'studio' },
      studio: { id: 'u3', name: 'Stella Studio', email: 'stella@demo.test' },
    };
    const queries: URLSearchParams[] = [];
    let deleted: string[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/users', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [owner, sub], total: 2, page: 1, pageSize: 20 });
      }),
      http.post('/api/v1/admin/users/bulk-delete', async ({ request }) => {
        deleted = ((await request.json()) as { userIds: string[] }).userIds;
        return HttpResponse.json({ deleted: deleted.length, message: `${deleted.length} users deleted` });
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/AllUsers?kind=subuser&status=in_trial');
    expect(await screen.findByRole('link', { name: 'Studio: Stella Studio' })).toHaveAttribute(
      'href',
      '/AdminDashboard/AllUsers?search=stella%40demo.test',
    );
    expect(within(screen.getByRole('table', { name: 'Users' })).getAllByText('Active')).toHaveLength(2);

    // The filters live in the address: the list asks for them and the pickers show them.
    expect(queries.at(-1)?.get('kind')).toBe('subuser');
    expect(queries.at(-1)?.get('status')).toBe('in_trial');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('Sub-users');
    expect(screen.getByRole('combobox', { name: 'Plan status' })).toHaveValue('Trial');

    await user.click(await screen.findByRole('checkbox', { name: 'Select all users on this page' }));
    expect(await screen.findByText('2 users selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['u3', 'u4']));
    expect(await screen.findByText('2 users deleted')).toBeInTheDocument();
    expect(screen.queryByText('2 users selected')).toBeNull();
  });
});
