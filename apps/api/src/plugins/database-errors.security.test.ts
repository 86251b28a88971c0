import { MESSAGES } from '@dance/domain';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../test/billing-helpers';
import { createVideo } from '../../test/catalogue-factories';
import {
  createTestApp,
  createUser,
  logInAs,
  type Session,
  type TestApp,
  validSignUp,
} from '../../test/helpers';
import { playlists, users } from '../db/schema';
import { classifyDatabaseError } from './errors';

/**
 * Issue 13, findings 6 and 7: text the database cannot store (NUL) answered 500, and two requests racing for
 * one email answered 500 on PostgreSQL. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
let member: Session;
let admin: Session;
let owner: Session;
let videoIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  member = await logInAs(t.app, (await createUser(t.app, { userType: 'individual-user' })).email);
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  owner = await logInAs(t.app, (await createUser(t.app, { userType: 'studio-owner' })).email);
  await subscribe(t.app, owner, 'STUDIO-10', 'yearly');
  videoIds = [(await createVideo(t.app, { title: 'Clip' })).id];
});
afterAll(() => t.close());

const rows = async () => ({
  users: (await t.app.db.select({ n: count() }).from(users))[0]!.n,
  playlists: (await t.app.db.select({ n: count() }).from(playlists))[0]!.n,
  names: await t.database.query(
    `select string_agg(first_name || last_name, ',' order by id) as n from users`,
  ),
});

describe('text the database cannot store', () => {
  it('maps the database refusal of a NUL character to 400, on both drivers', async () => {
    const error = await t.app.db.execute(sql`select ${'a\u0000b'}::text`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(classifyDatabaseError(error)).toMatchObject({ code: 'BAD_REQUEST' });
  });

  const NUL = 'Mi\u0000a';
  it.each([
    [
      'sign-up',
      () => ({ method: 'POST', url: '/api/v1/auth/signup', payload: validSignUp({ firstName: NUL }) }),
    ],
    [
      'studio sign-up',
      () => {
        const { role: _role, ...fields } = validSignUp({ lastName: NUL });
        return { method: 'POST', url: '/api/v1/auth/studio-signup', payload: fields };
      },
    ],
    [
      'account names',
      () => ({
        method: 'PATCH',
        url: '/api/v1/account',
        headers: member.headers,
        payload: { firstName: NUL, lastName: 'New' },
      }),
    ],
    [
      'playlist name',
      () => ({
        method: 'POST',
        url: '/api/v1/playlists',
        headers: member.headers,
        payload: { type: 'PPL', name: NUL, description: '', videoIds },
      }),
    ],
    [
      'playlist description',
      () => ({
        method: 'POST',
        url: '/api/v1/playlists',
        headers: member.headers,
        payload: { type: 'PPL', name: 'Warm-ups', description: `a${NUL}`, videoIds },
      }),
    ],
    [
      'sub-user invitation',
      () => ({
        method: 'POST',
        url: '/api/v1/studio/sub-users',
        headers: owner.headers,
        payload: { firstName: NUL, lastName: 'B', email: 'nul-subuser@example.com' },
      }),
    ],
    [
      'admin user search',
      () => ({ method: 'GET', url: '/api/v1/admin/users?search=a%00b', headers: { cookie: admin.cookie } }),
    ],
    [
      'playlist name, as a lone surrogate',
      () => ({
        method: 'POST',
        url: '/api/v1/playlists',
        headers: member.headers,
        payload: { type: 'PPL', name: 'Warm\ud800ups', description: '', videoIds },
      }),
    ],
  ] as const)('answers 400 to a NUL character in the %s and writes nothing', async (_name, request) => {
    const before = await rows();
    const res = await t.app.inject(request() as never);
    expect(res.statusCode, res.body).toBe(400);
    // The contract refuses it with the field's message (the error plugin's 400 is the net behind it).
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.values(res.json().fields ?? {})).toContain(MESSAGES.controlCharacters);
    expect(await rows()).toEqual(before);
  });
});

describe('two requests racing for one email', () => {
  it('answers one 201 and 409 to the rest, never 500 (sign-ups and sub-user invitations at once)', async () => {
    const email = `race-${Date.now()}@example.com`;
    const signUps = Array.from({ length: 4 }, () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: validSignUp({ email }) }),
    );
    const invitations = Array.from({ length: 4 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/studio/sub-users',
        headers: owner.headers,
        payload: { firstName: 'Race', lastName: 'Twin', email },
      }),
    );
    const answers = await Promise.all([...signUps, ...invitations]);
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s >= 500),
      answers.map((r) => r.body).join('\n'),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(answers.length - 1);
    const [{ n }] = (await t.app.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.email} = ${email}`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('answers 409 EMAIL_TAKEN with the email field when parallel sign-ups race on PostgreSQL', async () => {
    const email = `race2-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: validSignUp({ email }) }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().fields).toHaveProperty('email');
  });

  it('maps a real duplicate-email violation of either driver to 409 EMAIL_TAKEN', async () => {
    const taken = await createUser(t.app);
    const error = await createUser(t.app, { email: taken.email }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(classifyDatabaseError(error)).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String) },
    });
  });

  it('maps only the known unique indexes: any other violation stays a 500 (a bug to see)', () => {
    expect(classifyDatabaseError({ code: '23505', constraint_name: 'users_email_key' })).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String) },
    });
    expect(classifyDatabaseError({ cause: { code: '23505', constraint: 'users_email_key' } })).toMatchObject({
      code: 'EMAIL_TAKEN',
    });
    expect(classifyDatabaseError({ code: '23505', constraint_name: 'sessions_pkey' })).toBeNull();
    expect(classifyDatabaseError({ code: '23503' })).toBeNull();
  });
});
