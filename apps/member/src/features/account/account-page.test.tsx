import { MESSAGES, type TSeatSummary, type TSubscriptionState, type TSubUserList } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const details = (user: (typeof users)[keyof typeof users]) =>
  http.get(apiUrl('/account'), () =>
    HttpResponse.json({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      imageUrl: null,
      userType: user.userType,
      commentNotifications: true,
      pendingEmail: null,
    }),
  );

const studioState: TSubscriptionState = {
  isActive: true,
  accessVia: 'own',
  subscriptionId: 'sub_1',
  isTrialAvailed: true,
  trialUsedFamilies: [],
  userType: 'studio-owner',
  canManage: true,
  subscription: {
    id: 'sub_1',
    provider: 'sandbox',
    status: 'active',
    statusLabel: 'Active',
    planId: 'STUDIO-5',
    planTitle: 'Studio, 5 seats',
    period: 'yearly',
    periodLabel: 'Annual',
    trialEnd: null,
    nextBillingAt: '2027-01-15T00:00:00.000Z',
    currentTermEnd: '2027-01-15T00:00:00.000Z',
    cancelledAt: null,
    seats: 5,
  },
};

describe('account page', () => {
  it('shows "No data Found" in the subscription fields when the fetch fails', async () => {
    server.use(
      sessionHandler(users.individual),
      details(users.individual),
      http.get(apiUrl('/account/subscription'), () => problem(500, 'INTERNAL', 'boom')),
    );
    renderApp('/account');
    for (const field of ['subscription-status', 'subscription-plan', 'subscription-period']) {
      await waitFor(() => expect(screen.getByTestId(field)).toHaveTextContent(MESSAGES.noDataFound));
    }
  });

  it("shows the studio owner's seats: owner row without actions, sub-users, and EMPTY SEAT rows", async () => {
    const summary: TSeatSummary = {
      seats: 5,
      requiredSeats: 4,
      usedSeats: 1,
      seatsLeft: 3,
      isSubscriptionActive: true,
      planId: 'STUDIO-5',
      canAddSubUser: true,
    };
    const list: TSubUserList = {
      owner: { id: users.studioOwner.id, firstName: 'Sam', lastName: 'Studio', email: 'sam@example.com' },
      subUsers: [
        {
          id: '9a7c1d2e-0000-4000-8000-000000000001',
          firstName: 'Lia',
          lastName: 'Seat',
          email: 'lia@example.com',
          createdAt: '2026-01-01T00:00:00.000Z',
          userType: 'subuser',
          hasSetPassword: true,
        },
      ],
    };
    server.use(
      sessionHandler(users.studioOwner),
      details(users.studioOwner),
      http.get(apiUrl('/account/subscription'), () => HttpResponse.json(studioState)),
      http.get(apiUrl('/studio/seats'), () => HttpResponse.json(summary)),
      http.get(apiUrl('/studio/sub-users'), () => HttpResponse.json(list)),
    );
    renderApp('/account');
    const table = await screen.findByRole('table', { name: 'Studio seats' });
    expect(await within(table).findAllByText('EMPTY SEAT')).toHaveLength(3);
    expect(within(table).getAllByText('Available Seat')).toHaveLength(3);
    const ownerRow = within(table).getByText('sam@example.com').closest('tr')!;
    expect(within(ownerRow).queryByRole('button')).toBeNull();
    expect(within(table).getByRole('button', { name: 'Edit Lia Seat' })).toBeInTheDocument();
    expect(screen.getByTestId('seats-left')).toHaveTextContent('Seats left: 3');
    expect(screen.getByRole('button', { name: 'MANAGE SUBSCRIPTION' })).toBeInTheDocument();
  });
});
