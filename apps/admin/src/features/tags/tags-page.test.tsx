import { configure, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

// The console's lazy screens load on first use: give the first finds room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const tags = [
  { id: 't1', name: 'Ballet', color: '#e64980', priority: 1, videoCount: 4 },
  { id: 't2', name: 'Jazz', color: '#f76707', priority: 2, videoCount: 2 },
];

describe('tags page', { timeout: 30_000 }, () => {
  it('shows "Tag already exists" on a 409 and "Tag not found" on a 404', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/tags', () => HttpResponse.json({ items: tags })),
      http.post('/api/v1/admin/tags', () => problem(409, 'CONFLICT', 'Tag already exists')),
      http.delete('/api/v1/admin/tags/:id', () => problem(404, 'NOT_FOUND', 'Tag not found')),
    );
    const { user } = renderAdminApp('/AdminDashboard/TagManagement');
    await user.type(await screen.findByLabelText('New tag'), 'ballet');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag already exists')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Jazz' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag not found')).toBeInTheDocument();
  });

  it('offers priorities 1 to the number of tags and sends the move', async () => {
    const sent: unknown[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/tags', () => HttpResponse.json({ items: tags })),
      http.patch('/api/v1/admin/tags/:id', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({
          items: [
            { ...tags[1], priority: 1 },
            { ...tags[0], priority: 2 },
          ],
        });
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/TagManagement');
    await user.click(
      await screen
        .findByRole('textbox', { name: 'Priority of Jazz' })
        .catch(() => screen.getAllByLabelText('Priority of Jazz')[0]!),
    );
    const listbox = await screen.findByRole('listbox', { name: 'Priority of Jazz', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['1', '2']);
    await user.click(options[0]!);
    expect(await screen.findByText('"Jazz" is now priority 1')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 't2', body: { priority: 1 } }]);
  });
});
