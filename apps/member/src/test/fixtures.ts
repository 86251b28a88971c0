import { API_PREFIX, type TSessionResponse, type TSessionUser } from '@dance/domain';
import { HttpResponse, http } from 'msw';

export const apiUrl = (path: string) => `${window.location.origin}${API_PREFIX}${path}`;

const BASE_USER: TSessionUser = {
  id: '4a7c1d2e-0000-4000-8000-000000000001',
  firstName: 'Dana',
  lastName: 'Dancer',
  email: 'dancer@demo.test',
  role: 'user',
  userType: 'individual-user',
  signupRole: 'dancer-parent',
  subscriptionId: 'sub-standard',
  isTrialAvailed: true,
  imageUrl: null,
  studioOwnerId: null,
};

/** One session user per kind of user of spec 1 §1. */
export const users = {
  individual: BASE_USER,
  /** Subscribed but without a user type: the one who sees UPGRADE (spec 1 §6). */
  subscribedNoType: { ...BASE_USER, id: '4a7c1d2e-0000-4000-8000-000000000002', userType: null },
  newbie: {
    ...BASE_USER,
    id: '4a7c1d2e-0000-4000-8000-000000000003',
    userType: null,
    subscriptionId: null,
    isTrialAvailed: false,
  },
  vip: { ...BASE_USER, id: '4a7c1d2e-0000-4000-8000-000000000004', userType: 'vip' },
  studioOwner: { ...BASE_USER, id: '4a7c1d2e-0000-4000-8000-000000000005', userType: 'studio-owner' },
  subuser: { ...BASE_USER, id: '4a7c1d2e-0000-4000-8000-000000000006', userType: 'subuser' },
  admin: {
    ...BASE_USER,
    id: '4a7c1d2e-0000-4000-8000-000000000007',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    userType: null,
    subscriptionId: null,
  },
} satisfies Record<string, TSessionUser>;

export function sessionOf(user: TSessionUser): TSessionResponse {
  return { user, csrfToken: 'csrf-test-token' };
}

export function problem(status: number, code: string, message: string, fields?: Record<string, string>) {
  return HttpResponse.json(
    { type: 'about:blank', title: code, status, code, message, ...(fields ? { fields } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** The session call answering a given user, or 401 for a guest. */
export function sessionHandler(user: TSessionUser | null) {
  return http.get(apiUrl('/auth/session'), () =>
    user ? HttpResponse.json(sessionOf(user)) : problem(401, 'UNAUTHENTICATED', 'Please login first'),
  );
}

export { videoCard } from '@dance/domain/testing';

/**
 * Marks an answer the API's contract rules out, for a test of the app's defence against it; the contract check
 * in setup.ts lets it through. Say why.
 */
export const OFF_CONTRACT_HEADER = 'x-test-off-contract';
export const offContract = (why: string) => ({ headers: { [OFF_CONTRACT_HEADER]: why } });
