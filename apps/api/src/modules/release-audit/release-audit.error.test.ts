import { AUDIT_MESSAGES } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/audit/${url}`, headers: admin.headers });

describe('release audit: bad input is a clear 400', () => {
  it.each(['events', 'summary', 'timeseries', 'events.csv'])('%s: From after To', async (path) => {
    const res = await get(`${path}?from=2026-11-05T10:00:00Z&to=2026-11-05T09:00:00Z`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ from: AUDIT_MESSAGES.invalidRange });
  });

  it('refuses a missing or malformed range', async () => {
    expect((await get('summary')).statusCode).toBe(400);
    const res = await get('summary?from=yesterday&to=2026-11-05T09:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.from).toBe('from must be a date and time (ISO 8601)');
  });

  it('refuses a range over a year', async () => {
    const res = await get('summary?from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(res.json().fields).toEqual({ from: AUDIT_MESSAGES.rangeTooLong });
  });

  it('refuses page sizes other than 10, 25, 50 and 100', async () => {
    const res = await get('events?from=2026-11-05T00:00:00Z&to=2026-11-05T09:00:00Z&limit=30');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.limit).toBe('limit is one of 10, 25, 50, 100');
  });

  it('refuses minutes over 30 days, an unknown interval or metric, and unknown parameters', async () => {
    const month = 'from=2026-10-01T00:00:00Z&to=2026-10-31T00:00:00Z';
    const minutes = await get(`timeseries?${month}&interval=minute`);
    expect(minutes.json().fields).toEqual({ interval: AUDIT_MESSAGES.tooManyPoints });
    expect((await get(`timeseries?${month}&interval=week`)).statusCode).toBe(400);
    expect((await get(`timeseries?${month}&metric=p99`)).statusCode).toBe(400);
    expect((await get(`summary?${month}&sort=1`)).statusCode).toBe(400);
    expect((await get(`timeseries?${month}&interval=day&metric=p95`)).statusCode).toBe(200);
  });
});
