import type { TProblem, TSessionUser } from '@dance/domain';
import { HttpResponse, http } from 'msw';

export const adminUser: TSessionUser = {
  id: '8f0b6a3e-54a4-4d38-9a8e-0c8e3f1f0a01',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@demo.test',
  role: 'admin',
  userType: null,
  signupRole: null,
  subscriptionId: null,
  isTrialAvailed: false,
  imageUrl: null,
  studioOwnerId: null,
};

export const memberUser: TSessionUser = {
  ...adminUser,
  id: '8f0b6a3e-54a4-4d38-9a8e-0c8e3f1f0a02',
  firstName: 'Dana',
  lastName: 'Dancer',
  email: 'dancer@demo.test',
  role: 'user',
  userType: 'individual-user',
  signupRole: 'dancer-parent',
  subscriptionId: 'sub_demo_standard',
};

/** An error body shaped like the API's problem+json. */
export const problem = (status: number, code: string, message: string, extra: Partial<TProblem> = {}) => {
  const body: TProblem = { type: 'about:blank', title: code, status, code, message, ...extra };
  return HttpResponse.json(body, { status, headers: { 'content-type': 'application/problem+json' } });
};

export const unauthenticated = () => problem(401, 'UNAUTHENTICATED', 'Please Login Again');
export const invalidCredentials = () => problem(401, 'INVALID_CREDENTIALS', 'Invalid email or password');

/** GET /auth/session answering the given user, or 401 for a guest. */
export const sessionAs = (user: TSessionUser | null) =>
  http.get('/api/v1/auth/session', () =>
    user ? HttpResponse.json({ user, csrfToken: 'csrf-test' }) : unauthenticated(),
  );
