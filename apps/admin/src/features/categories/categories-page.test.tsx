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
    expect(await screen.findByText('Category "Stretching" added')).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Stretching' }]);
  });

  it('shows "Failed to add category" and "Failed to remove category" for 3 seconds', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/categories', () => HttpResponse.json({ items: [lessons] })),
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
});
