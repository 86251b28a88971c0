import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { practiceLog, practiceSettings } from '../../db/schema';

let t: TestApp;
let dancer: Session;
let other: Session;
let videoId: string;
beforeAll(async () => {
  t = await createTestApp();
  dancer = await logInAs(t.app, (await createUser(t.app, { userType: 'individual-user' })).email);
  other = await logInAs(t.app, (await createUser(t.app, { userType: 'individual-user' })).email);
  videoId = (await createVideo(t.app)).id;
});
afterAll(() => t.close());

const rows = async () => (await t.app.db.select({ n: count() }).from(practiceLog))[0]!.n;
const report = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/practice/reports', headers, payload: payload as object });

describe('practice log: who may and bad input', () => {
  it('answers 401 to a guest and 403 to a cookie without its CSRF token, writing nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/practice' })).statusCode).toBe(401);
    const payload = { videoId, seconds: 30, timeZone: 'UTC' };
    expect((await report({}, payload)).statusCode).toBe(401);
    expect((await report({ cookie: dancer.cookie }, payload)).statusCode).toBe(403);
    expect(await rows()).toBe(0);
  });

  it('refuses an unknown video, a bad time zone and an oversized claim with a 4xx', async () => {
    const bad = [
      [{ videoId: '00000000-0000-4000-8000-000000000000', seconds: 30, timeZone: 'UTC' }, 404],
      [{ videoId, seconds: 30, timeZone: 'Mars/Olympus' }, 400],
      [{ videoId, seconds: 301, timeZone: 'UTC' }, 400],
      [{ videoId, seconds: 0, timeZone: 'UTC' }, 400],
      [{ videoId, seconds: 30, timeZone: 'UTC', userId: 'x' }, 400],
    ] as const;
    for (const [payload, status] of bad)
      expect((await report(dancer.headers, payload)).statusCode).toBe(status);
    const goal = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/practice/goal',
      headers: dancer.headers,
      payload: { weeklyGoalMinutes: 5, timeZone: 'UTC' },
    });
    expect(goal.statusCode).toBe(400);
    expect(await rows()).toBe(0);
    expect((await t.app.db.select({ n: count() }).from(practiceSettings))[0]!.n).toBe(0);
  });

  it("never shows a member another member's log", async () => {
    expect((await report(dancer.headers, { videoId, seconds: 45, timeZone: 'UTC' })).statusCode).toBe(200);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me/practice', headers: dancer.headers })
    ).json();
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me/practice', headers: other.headers })
    ).json();
    expect(mine.weekSeconds).toBe(45);
    expect(theirs).toMatchObject({ weekSeconds: 0, days: [], topVideos: [] });
  });
});
