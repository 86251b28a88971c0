import { TRIAL_TEXTS, type TSubscriptionState } from '@dance/domain';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const lapsed = (overrides: Partial<TSubscriptionState>): TSubscriptionState => ({
  isActive: false,
  accessVia: 'none',
  subscriptionId: null,
  isTrialAvailed: false,
  trialUsedFamilies: [],
  userType: null,
  subscription: null,
  canManage: false,
  ...overrides,
});

describe('/plans: one free trial per person (decision 0035)', () => {
  it('offers the trial on Standard and Plus, saying it is one per person', async () => {
    server.use(sessionHandler(users.newbie));
    renderApp('/plans');
    const plus = await screen.findByTestId('plan-card-VIP');
    expect(await within(plus).findByText(/3-day free trial · one free trial per person/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('plan-card-INDIVIDUAL')).getByText(/3-day free trial/),
    ).toBeInTheDocument();
  });

  it('after a Standard trial, offers no trial on Plus either and says why', async () => {
    server.use(
      sessionHandler(users.newbie),
      http.get(apiUrl('/account/subscription'), () =>
        HttpResponse.json(
          lapsed({ subscriptionId: 'sub_1', isTrialAvailed: true, trialUsedFamilies: ['standard'] }),
        ),
      ),
    );
    renderApp('/plans');
    const plus = await screen.findByTestId('plan-card-VIP');
    expect(await within(plus).findByText(TRIAL_TEXTS.used)).toBeInTheDocument();
    expect(within(plus).queryByText(/free trial ·/)).toBeNull();
    expect(within(plus).queryByRole('button', { name: 'START FREE TRIAL' })).toBeNull();
    expect(
      within(screen.getByTestId('plan-card-INDIVIDUAL')).getByText(TRIAL_TEXTS.used),
    ).toBeInTheDocument();
  });
});
