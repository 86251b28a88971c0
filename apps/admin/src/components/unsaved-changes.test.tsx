import { configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../test/api-fixtures';
import { server } from '../test/msw-server';
import { renderAdminApp } from '../test/render-admin-app';
import { UNSAVED_CHANGES } from './unsaved-changes';

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

describe('unsaved changes (issue 22 item 9)', { timeout: 30_000 }, () => {
  it('asks before a form page with changes is left by a link, and stays or leaves as chosen', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('*/api/v1/admin/banners', () => HttpResponse.json({ items: [] })),
    );
    const { user, currentPath } = renderAdminApp('/AdminDashboard/add-banner');
    // Untouched: Cancel leaves at once.
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath()).toBe('/AdminDashboard/banners'));

    await user.click(await screen.findByRole('link', { name: /Add Banner/i }));
    await user.type(await screen.findByLabelText(/Title/), 'Spring sale');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText(UNSAVED_CHANGES.title)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES.title)).toBeNull());
    expect(currentPath()).toBe('/AdminDashboard/add-banner');
    expect(screen.getByLabelText(/Title/)).toHaveValue('Spring sale');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    await waitFor(() => expect(currentPath()).toBe('/AdminDashboard/banners'));
  });

  it('warns on reload while a form has changes', async () => {
    server.use(sessionAs(adminUser));
    const { user } = renderAdminApp('/AdminDashboard/add-banner');
    const title = await screen.findByLabelText(/Title/);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(title, 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('asks before the edit dialog with changes closes by Cancel or Escape', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/users', () =>
        HttpResponse.json({ items: [dana], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    const { user } = renderAdminApp('/AdminDashboard/AllUsers');
    await user.click(await screen.findByRole('button', { name: 'Edit Dana Dancer' }));
    const first = await screen.findByLabelText(/First name/);
    await user.type(first, 'le');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(UNSAVED_CHANGES.title)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES.title)).toBeNull());
    expect(screen.getByLabelText(/First name/)).toHaveValue('Danale');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: UNSAVED_CHANGES.leave }));
    await waitFor(() => expect(screen.queryByLabelText(/First name/)).toBeNull());
  });
});
