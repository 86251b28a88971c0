import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });

const row = (i: number) => ({
  id: `v${i}`,
  title: `Video ${i}`,
  categoryName: 'Lessons',
  instructorName: 'Ines',
  likesCount: 100 - i,
  dislikesCount: i,
  dateAdded: '2026-01-02T00:00:00.000Z',
});
const lookups = [
  http.get('/api/v1/categories', () => HttpResponse.json({ items: [] })),
  http.get('/api/v1/instructors', () => HttpResponse.json({ items: [] })),
];

afterEach(() => sessionStorage.clear());

describe('reaction screens', { timeout: 30_000 }, () => {
  it('sorts by a column, toggling the direction on a second click, and keeps the page size in session storage', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      sessionAs(adminUser),
      ...lookups,
      http.get('/api/v1/admin/reactions', ({ request }) => {
        const query = new URL(request.url).searchParams;
        requests.push(query);
        const pageSize = Number(query.get('pageSize'));
        return HttpResponse.json({
          items: Array.from({ length: Math.min(pageSize, 45) }, (_, i) => row(i)),
          total: 45,
          page: 1,
          pageSize,
          totalPages: Math.ceil(45 / pageSize),
        });
      }),
    );
    sessionStorage.setItem('reactionTableLimit', '50');
    const { user } = renderAdminApp('/AdminDashboard/Reaction');
    const table = await screen.findByRole('table', { name: 'Reactions' });
    expect(requests.at(-1)?.get('pageSize')).toBe('50');
    expect(requests.at(-1)?.get('sort')).toBe('likes_desc');
    expect(within(table).getAllByRole('row')).toHaveLength(46);
    await user.click(screen.getByRole('button', { name: 'Sort by instructor' }));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('instructor_asc'));
    await user.click(await screen.findByRole('button', { name: 'Sort by instructor' }));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('instructor_desc'));
    expect(await screen.findByRole('columnheader', { name: /Instructor/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Sort by date added' }));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('newest'));
  });

  it('says "No reactions found." and "Error fetching reaction data"', async () => {
    let fail = false;
    server.use(
      sessionAs(adminUser),
      ...lookups,
      http.get('/api/v1/admin/reactions', () =>
        fail
          ? problem(500, 'INTERNAL', 'Something went wrong')
          : HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20, totalPages: 0 }),
      ),
    );
    const { user } = renderAdminApp('/AdminDashboard/Reaction');
    expect(await screen.findByText('No reactions found.')).toBeInTheDocument();
    fail = true;
    await user.type(screen.getByRole('textbox', { name: 'Search videos' }), 'salsa');
    expect(
      await screen.findByText('Error fetching reaction data', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('statistics ask for a grouping, then show "Failed to fetch data. Please try again." and "Error fetching initial data"', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/categories', () => problem(500, 'INTERNAL', 'Something went wrong')),
      http.get('/api/v1/instructors', () => HttpResponse.json({ items: [] })),
      http.get('/api/v1/admin/reactions/stats', () => problem(500, 'INTERNAL', 'Something went wrong')),
    );
    const { user } = renderAdminApp('/AdminDashboard/Reaction/reaction-stats');
    expect(await screen.findByText('Please select a grouping option.')).toBeInTheDocument();
    expect(await screen.findByText('Error fetching initial data', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Instructor', hidden: true }));
    expect(
      await screen.findByText('Failed to fetch data. Please try again.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
