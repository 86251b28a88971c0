import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, popups } from '../../db/schema';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const valid = {
  headerText: 'H',
  startDateLocal: '2026-05-01',
  endDateLocal: '2026-05-02',
  timezone: 'Europe/Paris',
  deviceVisibility: ['desktop', 'mobile'],
};
const snapshot = async () => ({
  popups: await t.app.db.select().from(popups),
  audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
});

describe('bad popup input changes nothing', () => {
  it.each([
    [
      'no device',
      { deviceVisibility: [] },
      'deviceVisibility',
      'Please select at least one device (Desktop or Mobile).',
    ],
    [
      'an unknown device',
      { deviceVisibility: ['tv'] },
      'deviceVisibility.0',
      'Please select at least one device (Desktop or Mobile).',
    ],
    ['no header text', { headerText: '' }, 'headerText', 'Please enter a header text'],
    ['no start date', { startDateLocal: '' }, 'startDateLocal', 'Please pick a start date'],
    [
      'an end before the start',
      { endDateLocal: '2026-04-30' },
      'endDateLocal',
      'The end date cannot be before the start date',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone'],
    [
      'a call to action without link',
      { primaryCta: { text: 'Go', url: '' } },
      'primaryCta.url',
      'Please enter a link',
    ],
    [
      'a script link',
      { secondaryCta: { text: 'Go', url: 'javascript:alert(1)' } },
      'secondaryCta.url',
      'Enter a valid link (https://… or /path)',
    ],
    ['an unknown field', { viewCount: 99 }, '', ''],
  ])('%s', async (_, patch, field, message) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/popups',
      headers: admin.headers,
      payload: { ...valid, ...patch },
    });
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().fields[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown popup and 400 for a bad device', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/admin/popups/${missing}`,
        headers: admin.headers,
        payload: method === 'PUT' ? valid : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Popup not found');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/popups/${missing}/views` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/popups/active?device=tv' })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/popups/active' })).statusCode).toBe(400);
  });
});
