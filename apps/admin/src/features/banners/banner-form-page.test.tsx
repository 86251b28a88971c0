import { addDays, PAST_START_CONFIRM, todayInNewYork } from '@dance/domain';
import { configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });

const banner = {
  id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Spring sale',
  imageUrl: '/files/banner/spring.png',
  releaseDate: addDays(todayInNewYork(), 3),
  isActive: true,
  showImmediately: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('banners: drafts, scheduled, New York dates (issue 22 item 12)', { timeout: 30_000 }, () => {
  it('lists drafts and scheduled banners, saves a draft, and asks before a start date in the past', async () => {
    const saved: Record<string, unknown>[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('*/api/v1/admin/banners', () =>
        HttpResponse.json({
          items: [
            banner,
            { ...banner, id: `${banner.id.slice(0, -1)}2`, title: 'Quiet one', isActive: false },
          ],
        }),
      ),
      http.get('*/api/v1/admin/banners/:id', () => HttpResponse.json(banner)),
      http.put('*/api/v1/admin/banners/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json({ ...banner, ...body });
      }),
    );
    const { user, currentPath } = renderAdminApp('/AdminDashboard/banners');
    const scheduled = await screen.findByRole('article', { name: 'Spring sale' });
    expect(scheduled).toHaveTextContent('Scheduled');
    expect(screen.getByRole('article', { name: 'Quiet one' })).toHaveTextContent('Draft');

    await user.click(screen.getAllByRole('link', { name: 'Edit' })[0]!);
    const date = await screen.findByLabelText('Release date');
    await user.clear(date);
    await user.type(date, addDays(todayInNewYork(), -2));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PAST_START_CONFIRM.title)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PAST_START_CONFIRM.cancel }));
    expect(saved).toHaveLength(0);

    // A draft is saved without the question: members do not see it.
    await user.click(screen.getByRole('switch', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ isActive: false });
    await waitFor(() => expect(currentPath()).toBe('/AdminDashboard/banners'));
  });
});
