import { addDays, todayInNewYork } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, popups } from '../../db/schema';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = admin.headers,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as Record<string, unknown> });

const input = (overrides: Record<string, unknown> = {}) => ({
  headerText: 'Summer Intensive',
  description: 'Two weeks of classes.',
  imageUrl: '/files/popup/a.png',
  startDateLocal: '2026-03-08',
  endDateLocal: '2026-03-10',
  timezone: 'America/Los_Angeles',
  isActive: true,
  primaryCta: { text: 'See plans', url: '/plans' },
  secondaryCta: { text: '', url: '' },
  deviceVisibility: ['desktop'],
  ...overrides,
});

describe('popups', () => {
  it('stores the window in UTC from local 00:00:00 and 23:59 of the admin time zone (DST included)', async () => {
    const res = await call('POST', '/admin/popups', input());
    expect(res.statusCode).toBe(201);
    // Los Angeles is UTC-8 on March 8 and UTC-7 from the DST switch that morning.
    expect(res.json()).toMatchObject({
      startAt: '2026-03-08T08:00:00.000Z',
      endAt: '2026-03-11T06:59:59.000Z',
      startDateLocal: '2026-03-08',
      endDateLocal: '2026-03-10',
      timezone: 'America/Los_Angeles',
      primaryCta: { text: 'See plans', url: '/plans' },
      secondaryCta: null,
      deviceVisibility: ['desktop'],
      viewCount: 0,
    });
    const list = await call('GET', '/admin/popups');
    expect(list.json().items[0].id).toBe(res.json().id);
    expect((await call('GET', `/admin/popups/${res.json().id}`)).json()).toEqual(res.json());
  });

  it('shows members the active popup for their device and date, and counts each view', async () => {
    const today = todayInNewYork();
    const created = await call(
      'POST',
      '/admin/popups',
      input({
        headerText: 'Now on desktop',
        startDateLocal: addDays(today, -1),
        endDateLocal: addDays(today, 1),
        timezone: 'America/New_York',
      }),
    );
    const id = created.json().id;
    const desktop = await call('GET', '/popups/active?device=desktop', undefined, {});
    expect(desktop.json().popup).toEqual({
      id,
      headerText: 'Now on desktop',
      description: 'Two weeks of classes.',
      imageUrl: '/files/popup/a.png',
      primaryCta: { text: 'See plans', url: '/plans' },
      secondaryCta: null,
    });
    expect((await call('GET', '/popups/active?device=mobile', undefined, {})).json().popup).toBeNull();

    const views = await Promise.all(
      [1, 2, 3, 4, 5].map(() => call('POST', `/popups/${id}/views`, undefined, {})),
    );
    expect(views.every((v) => v.statusCode === 200)).toBe(true);
    expect((await t.app.db.select().from(popups).where(eq(popups.id, id)))[0]!.viewCount).toBe(5);

    // Two days later the window has closed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 3 * 24 * 3600 * 1000));
    expect((await call('GET', '/popups/active?device=desktop', undefined, {})).json().popup).toBeNull();
    expect((await call('POST', `/popups/${id}/views`, undefined, {})).statusCode).toBe(404);
  });

  it('edits and deletes, with an audit row per change', async () => {
    const created = (await call('POST', '/admin/popups', input())).json();
    const edited = await call(
      'PUT',
      `/admin/popups/${created.id}`,
      input({
        headerText: 'Edited',
        isActive: false,
        deviceVisibility: ['mobile', 'desktop', 'mobile'],
        secondaryCta: { text: 'Later', url: 'https://example.com/later' },
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      headerText: 'Edited',
      isActive: false,
      deviceVisibility: ['mobile', 'desktop'],
      secondaryCta: { text: 'Later', url: 'https://example.com/later' },
    });
    expect((await call('DELETE', `/admin/popups/${created.id}`)).json()).toEqual({ id: created.id });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'popup'), eq(auditLog.entityId, created.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});
