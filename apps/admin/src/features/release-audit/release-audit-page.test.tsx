import { AUDIT_MESSAGES } from '@dance/domain';
import { act, configure, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.useRealTimers());

describe('release audit page', { timeout: 30_000 }, () => {
  it('asks for the last 24 hours, moves the end of the range every 60 s, and says when loading fails', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'Date'],
      now: new Date('2026-11-25T17:00:00Z'),
    });
    const asked: { from: string; to: string }[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/audit/summary', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push({ from: q.get('from')!, to: q.get('to')! });
        return HttpResponse.json({
          totals: { total: 0, successes: 0, errors: 0, retries: 0 },
          fieldTypes: [],
        });
      }),
      http.get('/api/v1/admin/audit/timeseries', () =>
        HttpResponse.json({
          interval: 'hour',
          metric: 'count',
          series: [{ t: '2026-11-25T16:00:00.000Z', value: 0 }],
        }),
      ),
      http.get('/api/v1/admin/audit/events', () => problem(500, 'INTERNAL', 'Something went wrong')),
    );
    renderAdminApp('/AdminDashboard/release-audit');
    expect(await screen.findByRole('heading', { name: 'Release audit', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(AUDIT_MESSAGES.failedToLoad)).toBeInTheDocument();
    expect(await screen.findByText(AUDIT_MESSAGES.noData)).toBeInTheDocument();
    expect(asked[0]).toEqual({ from: '2026-11-24T17:00:00.000Z', to: '2026-11-25T17:00:00.000Z' });

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await vi.waitFor(() =>
      expect(asked.at(-1)).toEqual({ from: '2026-11-24T17:01:00.000Z', to: '2026-11-25T17:01:00.000Z' }),
    );
  });
});
