import { authEndpoints, catalogueEndpoints } from '@dance/domain';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';

const BASE = 'http://api.test/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = {
  id: 'u1',
  firstName: 'Ava',
  lastName: 'A',
  email: 'a@x.test',
  role: 'user',
  userType: null,
  signupRole: null,
  subscriptionId: null,
  isTrialAvailed: false,
  imageUrl: null,
  studioOwnerId: null,
};
const problem = (status: number, code: string, message: string) =>
  HttpResponse.json(
    { type: 'x', title: 't', status, code, message },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

describe('api client', () => {
  it('builds paths, comma-joins arrays and skips empty query values', async () => {
    const client = createApiClient({ baseUrl: BASE });
    expect(client.buildUrl(catalogueEndpoints.saveVideo, { videoId: 'a b' })).toBe(
      `${BASE}/me/saved-videos/a%20b`,
    );
    expect(
      client.buildUrl(catalogueEndpoints.listVideos, undefined, {
        tags: ['t1', 't2'],
        levels: [],
        sort: 'latest',
        page: undefined,
      }),
    ).toBe(`${BASE}/videos?tags=t1%2Ct2&sort=latest`);
  });

  it('sends the CSRF token on mutations once it has a session, never on reads', async () => {
    const seen: Record<string, string | null> = {};
    server.use(
      http.get(`${BASE}/auth/session`, ({ request }) => {
        seen.get = request.headers.get('x-csrf-token');
        return HttpResponse.json({ user, csrfToken: 'csrf-1' });
      }),
      http.post(`${BASE}/auth/logout`, ({ request }) => {
        seen.post = request.headers.get('x-csrf-token');
        return HttpResponse.json({ ok: true });
      }),
    );
    const client = createApiClient({ baseUrl: BASE });
    client.setSession(await client.call(authEndpoints.session));
    await client.call(authEndpoints.logout);
    expect(seen).toEqual({ get: null, post: 'csrf-1' });
  });

  it('throws ApiError with the problem code, message and field errors', async () => {
    server.use(
      http.post(`${BASE}/auth/login`, () =>
        HttpResponse.json(
          {
            type: 'x',
            title: 'Bad Request',
            status: 400,
            code: 'VALIDATION_FAILED',
            message: 'Please fill in your email',
            fields: { email: 'Please fill in your email' },
          },
          { status: 400 },
        ),
      ),
    );
    const client = createApiClient({ baseUrl: BASE });
    const error = await client
      .call(authEndpoints.login, { body: { email: '', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_FAILED');
    expect((error as ApiError).field('email')).toBe('Please fill in your email');
  });

  it('calls the session-expired handler once on a lost session, not on a failed login', async () => {
    const onExpired = vi.fn();
    server.use(
      http.get(`${BASE}/auth/session`, () => HttpResponse.json({ user, csrfToken: 'c' })),
      http.get(`${BASE}/me/saved-video-ids`, () => problem(401, 'UNAUTHENTICATED', 'Please Login Again')),
      http.post(`${BASE}/auth/login`, () => problem(401, 'INVALID_CREDENTIALS', 'Invalid email or password')),
    );
    const client = createApiClient({ baseUrl: BASE });
    client.setSessionExpiredHandler(onExpired);
    await expect(
      client.call(authEndpoints.login, { body: { email: 'a@x.test', password: 'bad' } }),
    ).rejects.toThrow('Invalid email or password');
    expect(onExpired).not.toHaveBeenCalled();
    client.setSession(await client.call(authEndpoints.session));
    await expect(client.call(catalogueEndpoints.savedIds)).rejects.toMatchObject({ status: 401 });
    await expect(client.call(catalogueEndpoints.savedIds)).rejects.toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure with the spec text', async () => {
    server.use(http.get(`${BASE}/auth/session`, () => HttpResponse.error()));
    const client = createApiClient({ baseUrl: BASE });
    await expect(client.call(authEndpoints.session)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'No response from the server.',
    });
  });

  it('gives a reply without a problem body plain words, not its status text (issue 22 item 8)', async () => {
    server.use(
      http.get(
        `${BASE}/auth/session`,
        () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const client = createApiClient({ baseUrl: BASE });
    await expect(client.call(authEndpoints.session)).rejects.toMatchObject({
      status: 502,
      message: 'The service did not answer as expected. Please try again in a moment.',
    });
  });

  it('sends a bearer token when the client has one', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/auth/session`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ user, csrfToken: 'c' });
      }),
    );
    await createApiClient({ baseUrl: BASE, getBearerToken: () => 'tok' }).call(authEndpoints.session);
    expect(auth).toBe('Bearer tok');
  });
});
