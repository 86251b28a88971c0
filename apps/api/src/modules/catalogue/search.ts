import type { SORT_OPTIONS } from '@dance/domain';
import { and, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type VideoRow, videos } from '../../db/schema';
import { isVisible, orderBy } from './queries';

/** How close a word must be to count as a match: low enough for a typo or a partial word. */
const WORD_SIMILARITY_THRESHOLD = '0.4';

/**
 * Trigram search over title, descriptions, instructor, tags and keywords: `<%` matches the query against
 * any part of the text (partial words and typos included) through the GIN trigram index, and relevance ranks
 * title matches above matches elsewhere.
 */
export function buildSearchQueries(
  db: DbOrTx,
  q: string,
  sort: 'relevance' | (typeof SORT_OPTIONS)[number],
  page: { limit: number; offset: number },
  now = new Date(),
) {
  const query = q.toLowerCase();
  const where = and(isVisible(now), sql`${query} <% ${videos.searchText}`);
  const relevance = sql`greatest(word_similarity(${query}, lower(${videos.title})) * 1.25, word_similarity(${query}, ${videos.searchText}))`;
  const order =
    sort === 'relevance'
      ? [sql`${relevance} desc`, sql`${videos.releaseAt} desc`, sql`${videos.id}`]
      : orderBy(sort);
  return {
    rows: db
      .select()
      .from(videos)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    count: db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  };
}

export async function searchVideos(
  db: Db,
  q: string,
  sort: 'relevance' | (typeof SORT_OPTIONS)[number],
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<{ rows: VideoRow[]; total: number }> {
  // The threshold is set for this transaction only, so pooled connections keep their defaults.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`,
    );
    const queries = buildSearchQueries(tx, q, sort, page, now);
    const rows = await queries.rows;
    const [counted] = await queries.count;
    return { rows, total: counted?.n ?? 0 };
  });
}
