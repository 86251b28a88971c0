import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { recordReleaseEvent } from './record';

let t: TestApp;
let member: Session;
beforeAll(async () => {
  t = await createTestApp();
  member = await logInAs(t.app, (await createUser(t.app)).email);
  await recordReleaseEvent(t.app.db, {
    event: 'release.banner',
    status: 'ok',
    fieldType: 'banner',
    durationMs: 5,
  });
});
afterAll(() => t.close());

const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;

describe.each(['events', 'summary', 'timeseries', 'events.csv'])('GET /admin/audit/%s', (path) => {
  it('refuses guests (401) and members (403), and leaks nothing', async () => {
    const url = `/api/v1/admin/audit/${path}?${range}`;
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(401);
    const asMember = await t.app.inject({ method: 'GET', url, headers: member.headers });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.headers['content-type']).toContain('application/problem+json');
    expect(asMember.body).not.toContain('release.banner');
  });
});
