import { API_PREFIX } from '@dance/domain';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { catalogueDefaults } from './catalogue-defaults';

const api = (path: string) => `${window.location.origin}${API_PREFIX}${path}`;

/**
 * Answers the shell and the account page ask for on their own: no popup, and a plain account without a
 * subscription. Tests about those features override them.
 */
const shellDefaults = [
  http.get(api('/popups/active'), () => HttpResponse.json({ popup: null })),
  http.get(api('/account'), () =>
    HttpResponse.json({
      id: 'u1',
      firstName: 'Test',
      lastName: 'Member',
      email: 'member@example.com',
      imageUrl: null,
      userType: null,
      commentNotifications: true,
      pendingEmail: null,
    }),
  ),
  http.get(api('/account/subscription'), () =>
    HttpResponse.json({
      isActive: false,
      accessVia: 'none',
      subscriptionId: null,
      isTrialAvailed: false,
      trialUsedFamilies: [],
      userType: null,
      subscription: null,
      canManage: false,
    }),
  ),
];

/** The mocked API for component tests; each test adds the answers it needs with server.use(...). */
export const server = setupServer(...catalogueDefaults, ...shellDefaults);
