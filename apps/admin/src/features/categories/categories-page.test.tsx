import { configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

// The console's lazy screens load on first use: give the first finds room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const lessons = { id: 'c1', name: 'Lessons', routePath: '/Lessons', videoCount: 3 };

describe('categories page', { timeout: 30_000 }, () => {
  it('refuses a first character that is not a letter without calling the API, and capitalises the rest', async () => {
    const posted: unknown[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/categories', () => HttpResponse.json({ items: [lessons] })),
      http.post('/api/v1/admin/categories', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          { id: 'c2', name: 'Stretching', routePath: null, videoCount: 0 },
          { status: 201 },
        );
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/AddCategory');
    expect(await screen.findByRole('row', { name: /Lessons/ })).toBeInTheDocument();
    const input = screen.getByLabelText('New category');
    await user.type(input, '9 lives');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('The first character is not a letter.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'stretching');
    expect(screen.getByText('Will be saved as "Stretching"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(
      await screen.findByText(
        'Category "Stretching" added. "Stretching" has no page of its own: its videos appear in /Library with every library video.',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Stretching' }]);
  });

  it('shows "Failed to add category" and "Failed to remove category" for 3 seconds', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/categories', () =>
        HttpResponse.json({ items: [{ ...lessons, videoCount: 0 }] }),
      ),
      http.post('/api/v1/admin/categories', () => problem(500, 'INTERNAL', 'Something went wrong')),
      http.delete('/api/v1/admin/categories/:id', () => problem(500, 'INTERNAL', 'Something went wrong')),
    );
    const { user } = renderAdminApp('/AdminDashboard/AddCategory');
    await user.type(await screen.findByLabelText('New category'), 'Drills');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Failed to add category')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to add category')).not.toBeInTheDocument(), {
      timeout: 4000,
    });

    await user.click(screen.getByRole('button', { name: 'Remove Lessons' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove category')).toBeInTheDocument();
  });

  it('offers to move the videos of a category that holds some, then removes it (issue 22 item 11)', async () => {
    const drills = { id: 'c3', name: 'Drills', routePath: '/Drills', videoCount: 0 };
    const calls: string[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/categories', () => HttpResponse.json({ items: [lessons, drills] })),
      http.post('/api/v1/admin/categories/:id/move-videos', async ({ params, request }) => {
        calls.push(
          `move ${params.id} -> ${((await request.json()) as { toCategoryId: string }).toCategoryId}`,
        );
        return HttpResponse.json({ moved: 3, message: '3 videos moved to "Drills"' });
      }),
      http.delete('/api/v1/admin/categories/:id', ({ params }) => {
        calls.push(`delete ${params.id}`);
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/AddCategory');
    await user.click(await screen.findByRole('button', { name: 'Remove Lessons' }));
    expect(await screen.findByText(/"Lessons" still holds 3 videos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move and remove' }));
    expect(await screen.findByText('Choose the category to move the videos to')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Move the videos to' }));
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Move and remove' }));
    expect(
      await screen.findByText('3 videos moved to "Drills"; category "Lessons" removed'),
    ).toBeInTheDocument();
    expect(calls).toEqual(['move c1 -> c3', 'delete c1']);
  });
});
