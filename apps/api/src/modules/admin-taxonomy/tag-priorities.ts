import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tags } from '../../db/schema';

/**
 * Rewrites every tag's priority as 1..N in the given order, touching only rows that change. Priorities
 * stay unique and dense whatever happened before (a move, a delete, older data with gaps).
 */
async function writePriorities(tx: Tx, orderedIds: string[], current: Map<string, number>) {
  for (const [index, id] of orderedIds.entries()) {
    if (current.get(id) !== index + 1)
      await tx
        .update(tags)
        .set({ priority: index + 1 })
        .where(eq(tags.id, id));
  }
}

/** The tags in priority order, locked for the rest of the transaction so concurrent moves queue up. */
async function lockTagsInOrder(tx: Tx) {
  await tx.execute(sql`select id from ${tags} for update`);
  return tx
    .select({ id: tags.id, priority: tags.priority })
    .from(tags)
    .orderBy(asc(tags.priority), asc(tags.createdAt), asc(tags.id));
}

/** Moves a tag to priority k (1..N): the tags in between shift by one. */
export async function moveTag(tx: Tx, tagId: string, priority: number) {
  const rows = await lockTagsInOrder(tx);
  const ids = rows.map((r) => r.id).filter((id) => id !== tagId);
  ids.splice(priority - 1, 0, tagId);
  await writePriorities(tx, ids, new Map(rows.map((r) => [r.id, r.priority])));
}

/** Closes the gaps (after a delete) without changing the order. */
export async function compactTagPriorities(tx: Tx) {
  const rows = await lockTagsInOrder(tx);
  await writePriorities(
    tx,
    rows.map((r) => r.id),
    new Map(rows.map((r) => [r.id, r.priority])),
  );
}
