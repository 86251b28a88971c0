import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { preloadActivePopup, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

beforeAll(async () => {
  await Promise.all([import('./history-page'), preloadActivePopup()]);
}, 30_000);

describe('/History when it cannot load (issue 22 item 8)', () => {
  it('says what failed and what to do, and Retry loads it', async () => {
    let calls = 0;
    server.use(
      sessionHandler(users.individual),
      http.get(apiUrl('/popups/active'), () => HttpResponse.json({ popup: null })),
      http.get(apiUrl('/me/history'), () => {
        calls += 1;
        return calls === 1
          ? problem(500, 'INTERNAL', 'Something went wrong')
          : HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 24 });
      }),
    );
    const { user } = renderApp('/History');
    expect(
      await screen.findByText('Your history could not be loaded', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No Videos To Show')).toBeInTheDocument();
    expect(screen.queryByText('Your history could not be loaded')).not.toBeInTheDocument();
  });
});
