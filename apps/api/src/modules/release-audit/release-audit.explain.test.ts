import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DURATION_BIN_COUNT } from './histogram';
import {
  countEventsQuery,
  selectEventsAfter,
  selectEventsPage,
  selectRollupCounts,
  selectRollupHistograms,
  sumHourRollupQuery,
} from './queries';

/**
 * The audit time-series budget (30 days of 1,000,000 events, p95 < 100 ms) rests on the rollups: a 30-day series
 * reads 720 hourly rows per field type instead of a million events, and every dashboard query walks an index.
 * Here the tables are filled in SQL at that scale's shape (30 days of per-minute and per-hour rollups for four
 * field types, 200,000 events) and analysed; a sequential scan of either table fails the test.
 */
let t: TestApp;
const END = new Date('2026-11-25T00:00:00Z');
const START = new Date(END.getTime() - 30 * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const q = t.database.query.bind(t.database);
  const zeros = `array_fill(0, array[${DURATION_BIN_COUNT}])`;
  for (const [grain, step] of [
    ['minute', '1 minute'],
    ['hour', '1 hour'],
  ] as const) {
    await q(
      `insert into release_audit_rollup (grain, bucket, field_type, count, ok, errors, retries, duration_hist)
       select $1, b, ft, 23, 21, 1, 1, ${zeros}
       from generate_series($2::timestamptz, $3::timestamptz - interval '${step}', interval '${step}') b,
            unnest(array['class-video', 'banner', 'popup', 'notification']) ft`,
      [grain, START.toISOString(), END.toISOString()],
    );
  }
  await q(
    `insert into release_audit_events (created_at, event, status, field_type, worker_id, duration_ms)
     select $1::timestamptz + (g * interval '12.96 seconds'), 'release.class-video',
            (array['ok', 'ok', 'ok', 'error', 'retry'])[1 + g % 5], (array['class-video', 'banner', 'popup', 'notification'])[1 + g % 4],
            'bench:1', g % 900
     from generate_series(1, 200000) g`,
    [START.toISOString()],
  );
  await q('vacuum analyze');
}, 300_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const [row] = await t.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    `explain (format json) ${sql}`,
    params,
  );
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan);
  return nodes;
}

const seqScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
const indexes = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);

describe('the release audit queries use indexes at 30 days of a million events', () => {
  const db = () => t.app.db;
  const monthFrom = START;
  const monthTo = END;

  it('the 30-day series (count and p95, hours or days) reads the hourly rollup by its primary key', async () => {
    for (const fieldType of [undefined, 'banner']) {
      for (const query of [
        selectRollupCounts(db(), 'hour', monthFrom, monthTo, fieldType),
        selectRollupHistograms(db(), 'hour', monthFrom, monthTo, fieldType),
      ]) {
        const nodes = await planOf(query);
        expect(seqScans(nodes)).toEqual([]);
        expect(indexes(nodes)).toContain('release_audit_rollup_grain_bucket_field_type_pk');
      }
    }
  });

  it('the per-minute series of a day reads the minute rollup by its primary key', async () => {
    const dayFrom = new Date(END.getTime() - 86_400_000);
    const nodes = await planOf(selectRollupCounts(db(), 'minute', dayFrom, monthTo, undefined));
    expect(seqScans(nodes)).toEqual([]);
    expect(indexes(nodes)).toContain('release_audit_rollup_grain_bucket_field_type_pk');
  });

  it('totals: whole hours from the rollup, the partial hours from the events by their time index', async () => {
    const hours = await planOf(sumHourRollupQuery(db(), undefined, monthFrom, monthTo));
    expect(seqScans(hours)).toEqual([]);
    const edge = new Date(END.getTime() - 1_800_000);
    for (const fieldType of [undefined, 'popup']) {
      const nodes = await planOf(countEventsQuery(db(), { from: edge, to: END, fieldType }, edge, END, true));
      expect(seqScans(nodes)).toEqual([]);
    }
  });

  it('the grid page and the export batches walk the (created_at, id) index', async () => {
    for (const query of [
      selectEventsPage(db(), { from: monthFrom, to: monthTo }, 0, 25),
      selectEventsAfter(db(), { from: monthFrom, to: monthTo }, null, 1000),
      selectEventsAfter(
        db(),
        { from: monthFrom, to: monthTo },
        { createdAt: START, id: '00000000-0000-4000-8000-000000000000' },
        1000,
      ),
    ]) {
      const nodes = await planOf(query);
      expect(seqScans(nodes)).toEqual([]);
      expect(indexes(nodes)).toContain('release_audit_events_created_idx');
    }
  });
});
