import { API_PREFIX, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@dance/domain';
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
  // The header's bell and the account page's notification preferences: an empty inbox, everything wanted.
  http.get(api('/notifications'), () => HttpResponse.json({ items: [], unreadCount: 0 })),
  http.get(api('/notifications/preferences'), () =>
    HttpResponse.json({
      preferences: NOTIFICATION_KINDS.flatMap((kind) =>
        NOTIFICATION_CHANNELS.map((channel) => ({ kind, channel, enabled: true })),
      ),
    }),
  ),
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
