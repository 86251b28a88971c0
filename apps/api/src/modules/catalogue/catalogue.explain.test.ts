import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildVideoPageQueries, buildVideosByIdsQuery, ID_LIST_CAP } from './queries';
import { buildCorrectionQuery, buildSearchQueries } from './search';

/**
 * Every list query must use an index: with more than 10,000 videos, a sequential scan of a big table fails
 * the test. The data is generated in SQL so it takes a second, then analysed so the planner sees real sizes.
 */
let t: TestApp;
const ids: { tags: string[]; instructor: string; product: string; category: string; user: string } = {
  tags: [],
  instructor: '',
  product: '',
  category: '',
  user: '',
};
const BIG = 10_000;

beforeAll(async () => {
  t = await createTestApp();
  const q = t.database.query.bind(t.database);
  ids.category = (
    await q<{ id: string }>(`insert into categories (name, position) values ('Lessons', 0) returning id`)
  )[0]!.id;
  ids.tags = (
    await q<{ id: string }>(
      `insert into tags (name, priority) select 'tag ' || g, g from generate_series(1, 200) g returning id`,
    )
  ).map((r) => r.id);
  ids.instructor = (
    await q<{ id: string }>(
      `insert into instructors (name) select 'Instructor ' || g from generate_series(1, 50) g returning id`,
    )
  )[0]!.id;
  ids.product = (
    await q<{ id: string }>(
      `insert into products (title, handle) select 'Product ' || g, 'p-' || g from generate_series(1, 50) g returning id`,
    )
  )[0]!.id;
  ids.user = (
    await q<{ id: string }>(
      `insert into users (email, first_name, last_name) values ('big@example.com', 'B', 'B') returning id`,
    )
  )[0]!.id;
  await q(
    `insert into videos (title, kind, category_id, instructor_id, duration_seconds, release_date, release_at, levels, tag_ids, product_ids, search_text, description)
     select 'Video ' || g || ' ' || md5(g::text), case when g % 10 = 0 then 'class' else 'library' end,
       case when g % 3 = 0 then $1::uuid end, case when g % 50 = 0 then $2::uuid end, (g * 37) % 4000,
       (date '2024-01-01' + (g % 700)), (date '2024-01-01' + (g % 700))::timestamptz,
       array[(array['Beginner','Intermediate','Advanced'])[1 + g % 3]], array[$3::uuid], case when g % 40 = 0 then array[$4::uuid] else '{}'::uuid[] end,
       'video ' || g || ' ' || md5(g::text) || ' technique turns ballet', repeat('long description text ', 20)
     from generate_series(1, ${BIG + 2000}) g`,
    [ids.category, ids.instructor, ids.tags[0], ids.product],
  );
  // A realistic saved table: many members, each with a few saved videos.
  await q(
    `insert into users (email, first_name, last_name) select 'm' || g || '@example.com', 'M', 'M' from generate_series(1, 400) g`,
  );
  await q(
    `insert into saved_videos (user_id, video_id) select u.id, v.id from (select id from users where email like 'm%') u cross join lateral (select id from videos order by md5(u.id::text || id::text) limit 30) v`,
  );
  await q(`insert into saved_videos (user_id, video_id) select $1, id from videos order by id limit 40`, [
    ids.user,
  ]);
  await q('vacuum analyze');
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

async function sequentialScansOfBigTables(query: {
  toSQL(): { sql: string; params: unknown[] };
}): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const [row] = await t.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${sql}`,
    params,
  );
  const sizes = new Map(
    (
      await t.database.query<{ relname: string; n: number }>(
        `select relname, reltuples::int as n from pg_class where relkind = 'r'`,
      )
    ).map((r) => [r.relname, r.n]),
  );
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && (sizes.get(node['Relation Name'] ?? '') ?? 0) > BIG)
      found.push(node['Relation Name']!);
    node.Plans?.forEach(walk);
  };
  walk(row!['QUERY PLAN'][0].Plan);
  if (found.length && process.env.SHOW_PLANS)
    console.log(
      sql,
      JSON.stringify(
        row!['QUERY PLAN'][0].Plan,
        ['Node Type', 'Relation Name', 'Index Name', 'Plans', 'Filter'],
        1,
      ),
    );
  return found;
}

const page = { limit: 15, offset: 0 };
const cases: [string, () => ReturnType<typeof buildVideoPageQueries>][] = [
  ['library, latest', () => buildVideoPageQueries(t.app.db, { kind: 'library' }, 'latest', page)],
  [
    'library, page 400',
    () => buildVideoPageQueries(t.app.db, { kind: 'library' }, 'latest', { limit: 15, offset: 5985 }),
  ],
  ['library, oldest', () => buildVideoPageQueries(t.app.db, { kind: 'library' }, 'oldest', page)],
  ['library, title', () => buildVideoPageQueries(t.app.db, { kind: 'library' }, 'title_asc', page)],
  ['library, duration', () => buildVideoPageQueries(t.app.db, { kind: 'library' }, 'long_duration', page)],
  ['category', () => buildVideoPageQueries(t.app.db, { categoryId: ids.category }, 'latest', page)],
  ['classes', () => buildVideoPageQueries(t.app.db, { kind: 'class' }, 'latest', page)],
  [
    'two tags, a level and a bucket',
    () =>
      buildVideoPageQueries(
        t.app.db,
        { kind: 'library', tags: ids.tags.slice(0, 2), levels: ['Beginner'], durations: [10] },
        'latest',
        page,
      ),
  ],
  [
    'instructor',
    () => buildVideoPageQueries(t.app.db, { kind: 'library', instructors: [ids.instructor] }, 'latest', page),
  ],
  [
    'product',
    () => buildVideoPageQueries(t.app.db, { kind: 'library', products: [ids.product] }, 'latest', page),
  ],
  ['saved', () => buildVideoPageQueries(t.app.db, { savedBy: ids.user }, 'latest', page)],
];

describe('every list query uses an index', () => {
  for (const [name, build] of cases) {
    it(name, async () => {
      const { ids: rows, count } = build();
      expect(await sequentialScansOfBigTables(rows)).toEqual([]);
      expect(await sequentialScansOfBigTables(count)).toEqual([]);
    });
  }
  it('the whole id list of a filter (cached), and a page of rows by id', async () => {
    const filters = {
      kind: 'library' as const,
      tags: ids.tags.slice(0, 2),
      levels: ['Beginner'],
      durations: [16],
    };
    const { ids: list } = buildVideoPageQueries(t.app.db, filters, 'title_asc', {
      limit: ID_LIST_CAP,
      offset: 0,
    });
    expect(await sequentialScansOfBigTables(list)).toEqual([]);
    const pageIds = (await buildVideoPageQueries(t.app.db, { kind: 'library' }, 'latest', page).ids).map(
      (r) => r.id,
    );
    expect(pageIds).toHaveLength(15);
    expect(await sequentialScansOfBigTables(buildVideosByIdsQuery(t.app.db, pageIds))).toEqual([]);
  });
  for (const sort of ['relevance', 'title_asc', 'latest'] as const) {
    it(`search, ${sort}`, async () => {
      const { rows, count } = buildSearchQueries(
        t.app.db,
        '(technque:* | technique) & (turns:*)',
        sort,
        page,
      );
      expect(await sequentialScansOfBigTables(rows)).toEqual([]);
      expect(await sequentialScansOfBigTables(count)).toEqual([]);
    });
  }
  it('search, the typo dictionary', async () => {
    const [words] = await t.database.query<{ n: number }>('select count(*)::int as n from search_words');
    expect(words?.n).toBeGreaterThan(BIG);
    expect(await sequentialScansOfBigTables(buildCorrectionQuery(t.app.db, 'technque'))).toEqual([]);
  });
});
