import type { TMyAssignment, TPracticeSummary, TStudioAssignment } from '@dance/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const empty: TPracticeSummary = {
  timeZone: 'Europe/Berlin',
  today: '2026-03-04',
  weeklyGoalMinutes: null,
  weekSeconds: 0,
  streak: { current: 0, longest: 0 },
  days: [],
  from: '2025-09-08',
  topVideos: [],
};

const summaryHandler = (summary: TPracticeSummary) =>
  http.get(apiUrl('/me/practice'), () => HttpResponse.json(summary));

describe('practice page', () => {
  it('welcomes a new member with an empty state', async () => {
    server.use(sessionHandler(users.individual), summaryHandler(empty));
    renderApp('/practice');
    expect(await screen.findByText('No practice yet')).toBeInTheDocument();
    expect(screen.getByText('Set a weekly goal to see your progress.')).toBeInTheDocument();
    expect(screen.getByText('Practise today to start a streak.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assigned to me' })).not.toBeInTheDocument();
  });

  it('shows the week against the goal, the streak, the heatmap days and saves a new goal', async () => {
    let saved: unknown = null;
    server.use(
      sessionHandler(users.individual),
      summaryHandler({
        ...empty,
        weeklyGoalMinutes: 60,
        weekSeconds: 45 * 60,
        streak: { current: 3, longest: 5 },
        days: [
          { day: '2026-03-02', seconds: 20 * 60 },
          { day: '2026-03-04', seconds: 25 * 60 },
        ],
      }),
      http.put(apiUrl('/me/practice/goal'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved = body;
        return HttpResponse.json(body);
      }),
    );
    renderApp('/practice');
    expect(await screen.findByText('75% of your 60 min goal.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '75% of your weekly goal' })).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    const calendar = screen.getByRole('table', { name: /Minutes practised per day/ });
    expect(within(calendar).getByText('2 Mar 2026: 20 min')).toBeInTheDocument();
    expect(within(calendar).getByText('3 Mar 2026: 0 min')).toBeInTheDocument();
    // Days after today are blank.
    expect(within(calendar).queryByText(/5 Mar 2026/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    const goal = screen.getByLabelText('Weekly goal (minutes)');
    await user.clear(goal);
    await user.type(goal, '120');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    await expect.poll(() => saved).toMatchObject({ weeklyGoalMinutes: 120 });
  });

  it('shows a dancer "Assigned to me" with their progress', async () => {
    const mine: TMyAssignment = {
      id: 'a1',
      playlistId: 'p1',
      playlistName: 'Week 1 combo',
      dueDate: '2026-03-20',
      createdAt: '2026-03-01T10:00:00.000Z',
      videosCompleted: 2,
      videosTotal: 4,
      secondsPractised: 30 * 60,
    };
    server.use(
      sessionHandler(users.subuser),
      summaryHandler(empty),
      http.get(apiUrl('/me/assignments'), () => HttpResponse.json({ assignments: [mine] })),
    );
    renderApp('/practice');
    const card = await screen.findByTestId('my-assignment');
    expect(card).toHaveTextContent('Week 1 combo');
    expect(card).toHaveTextContent('2 of 4 videos completed');
    expect(card).toHaveTextContent('30 min practised');
    expect(card).toHaveTextContent('Due Fri, 20 Mar 2026');
  });

  it('shows the owner each dancer and sends a reminder', async () => {
    const assignment: TStudioAssignment = {
      id: 'a1',
      playlistId: 'p1',
      playlistName: 'Week 1 combo',
      dueDate: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      dancers: [
        {
          userId: 'd1',
          firstName: 'Ana',
          lastName: 'Lee',
          remindedAt: null,
          videosCompleted: 1,
          videosTotal: 4,
          secondsPractised: 600,
        },
      ],
    };
    let reminded = false;
    server.use(
      sessionHandler(users.studioOwner),
      summaryHandler(empty),
      http.get(apiUrl('/studio/assignments'), () => HttpResponse.json({ assignments: [assignment] })),
      http.get(apiUrl('/playlists'), () => HttpResponse.json({ items: [] })),
      http.get(apiUrl('/studio/sub-users'), () =>
        HttpResponse.json({
          owner: { id: 'o', firstName: 'O', lastName: 'W', email: 'o@x.test' },
          subUsers: [
            {
              id: 'd1',
              firstName: 'Ana',
              lastName: 'Lee',
              email: 'ana@x.test',
              createdAt: '2026-01-01T00:00:00.000Z',
              userType: 'subuser',
              hasSetPassword: true,
            },
          ],
        }),
      ),
      http.post(apiUrl('/studio/assignments/a1/reminders'), () => {
        reminded = true;
        return HttpResponse.json({ reminded: ['d1'], skipped: [], message: 'Reminder sent to 1 dancer.' });
      }),
    );
    renderApp('/practice');
    const card = await screen.findByTestId('studio-assignment');
    const row = within(card).getByRole('row', { name: /Ana Lee/ });
    expect(row).toHaveTextContent('1 of 4');
    expect(row).toHaveTextContent('10 min');
    expect(row).toHaveTextContent('Never');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to 1 dancer.')).toBeInTheDocument();
    expect(reminded).toBe(true);
  });
});
