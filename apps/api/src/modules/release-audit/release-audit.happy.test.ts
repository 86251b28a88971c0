import { AUDIT_MESSAGES } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { recordReleaseEvent } from './record';

let t: TestApp;
let admin: Session;

// Thursday 5 November 2026, New York winter time from the 1st (UTC-5): 05:00 UTC is midnight.
const BASE = Date.parse('2026-11-05T04:30:00Z');
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  const events: Array<[number, 'ok' | 'error' | 'retry', string, number]> = [
    [0, 'ok', 'class-video', 100],
    [0.5, 'ok', 'class-video', 200],
    [1, 'retry', 'banner', 50],
    [2, 'ok', 'banner', 60],
    [45, 'error', 'popup', 5000],
    [61, 'ok', 'class-video', 400],
    [125, 'ok', 'banner', 80],
  ];
  for (const [minute, status, fieldType, durationMs] of events)
    await recordReleaseEvent(t.app.db, {
      event: `release.${fieldType}`,
      status,
      fieldType,
      durationMs,
      itemId: `${fieldType}-${minute}`,
      message: status === 'ok' ? 'Released' : null,
      error: status === 'ok' ? null : '=HYPERLINK("http://evil")',
      context: { title: 'Hip-hop, "basics"' },
      at: at(minute),
    });
});
afterAll(() => t.close());

const get = (path: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit/${path}?${new URLSearchParams(query)}`,
    headers: admin.headers,
  });

const whole = { from: at(-30).toISOString(), to: at(180).toISOString() };

describe('release audit', () => {
  it('sums the range exactly, partial hours at the ends included, and lists the field types', async () => {
    const res = await get('summary', whole);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totals: { total: 7, successes: 5, errors: 1, retries: 1 },
      fieldTypes: ['banner', 'class-video', 'popup'],
    });
    // From 04:31 to 06:35: the first two events and the last one fall outside.
    const inner = await get('summary', { from: at(1).toISOString(), to: at(125).toISOString() });
    expect(inner.json().totals).toEqual({ total: 5, successes: 3, errors: 1, retries: 1 });
    const banners = await get('summary', { ...whole, fieldType: 'banner' });
    expect(banners.json().totals).toEqual({ total: 3, successes: 2, errors: 0, retries: 1 });
  });

  it('charts the count per minute, hour and New York day, with empty buckets at 0', async () => {
    const hours = await get('timeseries', { ...whole, interval: 'hour', metric: 'count' });
    expect(hours.statusCode).toBe(200);
    expect(hours.json()).toEqual({
      interval: 'hour',
      metric: 'count',
      series: [
        { t: '2026-11-05T04:00:00.000Z', value: 4 },
        { t: '2026-11-05T05:00:00.000Z', value: 2 },
        { t: '2026-11-05T06:00:00.000Z', value: 1 },
        { t: '2026-11-05T07:00:00.000Z', value: 0 },
      ],
    });
    const minutes = await get('timeseries', {
      from: at(0).toISOString(),
      to: at(3).toISOString(),
      interval: 'minute',
      fieldType: 'banner',
    });
    expect(minutes.json().series.map((p: { value: number }) => p.value)).toEqual([0, 1, 1, 0]);
    // New York days: 4 November until 05:00 UTC, then the 5th.
    const days = await get('timeseries', { ...whole, interval: 'day' });
    expect(days.json().series).toEqual([
      { t: '2026-11-04T05:00:00.000Z', value: 4 },
      { t: '2026-11-05T05:00:00.000Z', value: 3 },
    ]);
  });

  it('charts the p95 of durations, null where a bucket has none', async () => {
    const res = await get('timeseries', {
      ...whole,
      interval: 'hour',
      metric: 'p95',
      fieldType: 'class-video',
    });
    const [first, second, third] = res.json().series as { value: number | null }[];
    // 100 and 200 ms: the p95 lies in the 200 ms bin, within a bin's width (25 %).
    expect(first!.value).toBeGreaterThan(150);
    expect(first!.value).toBeLessThanOrEqual(250);
    expect(second!.value).toBeGreaterThan(320);
    expect(second!.value).toBeLessThanOrEqual(500);
    expect(third!.value).toBeNull();
  });

  it('pages the events newest first, filtered by field type and status, with the total', async () => {
    const page1 = await get('events', { ...whole, limit: '10' });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ total: 7, page: 1, limit: 10, totalPages: 1 });
    expect(body.items.map((e: { itemId: string }) => e.itemId)).toEqual([
      'banner-125',
      'class-video-61',
      'popup-45',
      'banner-2',
      'banner-1',
      'class-video-0.5',
      'class-video-0',
    ]);
    expect(body.items[2]).toMatchObject({
      status: 'error',
      fieldType: 'popup',
      durationMs: 5000,
      attempts: 1,
      error: '=HYPERLINK("http://evil")',
      scheduleTimeUTC: null,
    });
    const retries = await get('events', { ...whole, status: 'retry' });
    expect(retries.json()).toMatchObject({ total: 1, limit: 25, items: [{ itemId: 'banner-1' }] });
    const second = await get('events', { ...whole, fieldType: 'class-video', limit: '10', page: '2' });
    expect(second.json()).toMatchObject({ total: 3, page: 2, items: [] });
  });

  it('exports the range as CSV, oldest first, formulas escaped, quotes doubled', async () => {
    const res = await get('events.csv', whole);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="release-audit-2026-11-05-to-2026-11-05.csv"',
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,createdAt,event,status,fieldType,workerId,jobId,itemId,durationMs,attempts,message,error,context,scheduleTimeUTC',
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain(',class-video-0,100,1,Released,,');
    expect(lines[1]).toContain('"{""title"":""Hip-hop, \\""basics\\""""}"');
    // A cell a spreadsheet would run is prefixed with a quote.
    expect(lines[3]).toContain(`'=HYPERLINK`);
    expect(lines[7]).toContain('banner-125');
  });

  it('streams an export larger than one batch, every row once and in order', async () => {
    const from = new Date('2026-11-20T00:00:00Z');
    for (let i = 0; i < 1_234; i++)
      await recordReleaseEvent(t.app.db, {
        event: 'release.banner',
        status: 'ok',
        fieldType: 'bulk',
        durationMs: i % 300,
        itemId: `bulk-${String(i).padStart(5, '0')}`,
        // Pairs share a timestamp: the keyset's id tie-break keeps them.
        at: new Date(from.getTime() + Math.floor(i / 2) * 1000),
      });
    const res = await get('events.csv', {
      from: from.toISOString(),
      to: new Date(from.getTime() + 3_600_000).toISOString(),
      fieldType: 'bulk',
    });
    const rows = res.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(1_234);
    const ids = rows.map((r) => /bulk-\d{5}/.exec(r)![0]);
    expect(new Set(ids).size).toBe(1_234);
    const times = rows.map((r) => r.split(',')[1]!);
    expect([...times].sort()).toEqual(times);
  }, 120_000);

  it('answers an empty range with zeros, not an error', async () => {
    const range = { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' };
    expect((await get('summary', range)).json().totals).toEqual({
      total: 0,
      successes: 0,
      errors: 0,
      retries: 0,
    });
    expect((await get('events', range)).json()).toMatchObject({ total: 0, totalPages: 0, items: [] });
    expect(AUDIT_MESSAGES.noData).toBe('No data for the selected filters.');
  });
});
