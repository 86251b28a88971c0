import type { SORT_OPTIONS } from '@dance/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchWords, type VideoRow, videos } from '../../db/schema';
import { isVisible, orderBy } from './queries';

export type SearchSort = 'relevance' | (typeof SORT_OPTIONS)[number];

/** At most this many words of a query count (a pasted paragraph must not build a huge query). */
const MAX_QUERY_WORDS = 8;
/** Dictionary words tried for an unknown (misspelled or partial) query word, best first. */
const CORRECTIONS_PER_WORD = 3;

/** The search vector column (generated in migration 0008: title weighted A, the rest of the text B). */
const searchVector = sql`${videos}.search_vector`;

/** The query's words, lower-cased: letters and digits only, so they are safe lexemes of a tsquery. */
export function splitSearchWords(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** The dictionary words closest to a word (trigram similarity over the GIN index), unexecuted. */
export function buildCorrectionQuery(db: DbOrTx, input: string) {
  return db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} % ${input}`)
    .orderBy(sql`similarity(${searchWords.word}, ${input}) desc`, searchWords.word)
    .limit(CORRECTIONS_PER_WORD);
}

/**
 * Typo tolerance: each query word unknown to the catalogue's dictionary (search_words, one row per word)
 * is matched to its closest dictionary words by trigram similarity (pg_trgm `%`, GIN index).
 */
export async function selectCorrections(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  const candidates = words.filter((w) => w.length >= 3 && /\p{L}/u.test(w));
  if (candidates.length === 0) return corrections;
  const known = new Set(
    (
      await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(inArray(searchWords.word, candidates))
    ).map((r) => r.word),
  );
  const unknown = candidates.filter((w) => !known.has(w));
  if (unknown.length === 0) return corrections;
  const found = await Promise.all(unknown.map((input) => buildCorrectionQuery(db, input)));
  unknown.forEach((input, i) => {
    // Only plain words become lexemes of the tsquery text.
    const words = found[i]!.map((r) => r.word).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
    if (words.length) corrections.set(input, words);
  });
  return corrections;
}

/**
 * The tsquery text: each word matches as a prefix (partial words) or as one of its corrections (typos);
 * words combine with AND, or with OR as a fallback when nothing has them all.
 */
export function buildTsQueryText(
  words: string[],
  corrections: Map<string, string[]>,
  joiner: '&' | '|',
): string {
  return words.map((w) => `(${[`${w}:*`, ...(corrections.get(w) ?? [])].join(' | ')})`).join(` ${joiner} `);
}

/** The page and count queries of a search for a tsquery text, unexecuted (the EXPLAIN test inspects them). */
export function buildSearchQueries(
  db: DbOrTx,
  tsQueryText: string,
  sort: SearchSort,
  page: { limit: number; offset: number },
  now = new Date(),
) {
  const query = sql`to_tsquery('simple', ${tsQueryText})`;
  const where = and(isVisible(now), sql`${searchVector} @@ ${query}`);
  // ts_rank weighs title words (A) over the rest (B); ties go to the newest.
  const order =
    sort === 'relevance'
      ? [sql`ts_rank(${searchVector}, ${query}) desc`, sql`${videos.releaseAt} desc`, sql`${videos.id}`]
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

/**
 * Full-text search over title, descriptions, instructor, tags and keywords (the search vector), tolerant
 * of partial words (prefix lexemes) and typos (dictionary corrections), best matches first.
 */
export async function searchVideos(
  db: DbOrTx,
  q: string,
  sort: SearchSort,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<{ rows: VideoRow[]; total: number }> {
  const words = splitSearchWords(q);
  if (words.length === 0) return { rows: [], total: 0 };
  const corrections = await selectCorrections(db, words);
  const run = async (joiner: '&' | '|') => {
    const queries = buildSearchQueries(db, buildTsQueryText(words, corrections, joiner), sort, page, now);
    const [rows, [counted]] = await Promise.all([queries.rows, queries.count]);
    return { rows, total: counted?.n ?? 0 };
  };
  const all = await run('&');
  return all.total === 0 && words.length > 1 ? run('|') : all;
}
