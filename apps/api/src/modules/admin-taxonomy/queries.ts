import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, tags, videos } from '../../db/schema';

export function selectCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      routePath: categories.routePath,
      // Written out: inside a select list drizzle leaves columns unqualified, which the subquery would capture.
      videoCount: sql<number>`(select count(*)::int from videos v where v.category_id = "categories"."id")`,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export function selectTags(db: DbOrTx) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      priority: tags.priority,
      videoCount: sql<number>`(select count(*)::int from videos v where "tags"."id" = any(v.tag_ids))`,
    })
    .from(tags)
    .orderBy(asc(tags.priority), asc(tags.name));
}

export async function isCategoryNameTaken(db: DbOrTx, name: string) {
  const [existing] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return existing !== undefined;
}

/** A new category goes after the last one. */
/** Every category's page path, to pick a free one. */
export async function categoryRoutePaths(db: DbOrTx) {
  const rows = await db.select({ routePath: categories.routePath }).from(categories);
  return rows.flatMap((r) => (r.routePath ? [r.routePath] : []));
}

export async function findCategoryRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row ?? null;
}

export async function countCategoryVideos(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(eq(videos.categoryId, id));
  return row?.n ?? 0;
}

/** Moves every video of one category to another; answers how many moved. */
export async function moveCategoryVideos(db: DbOrTx, fromId: string, toId: string) {
  const moved = await db
    .update(videos)
    .set({ categoryId: toId, updatedAt: new Date() })
    .where(eq(videos.categoryId, fromId))
    .returning({ id: videos.id });
  return moved.length;
}

export async function insertCategoryLast(db: DbOrTx, name: string, routePath: string | null = null) {
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${categories.position}), 0)::int` })
    .from(categories);
  const [row] = await db
    .insert(categories)
    .values({ name, routePath, position: (last?.max ?? 0) + 1 })
    .returning();
  return row!;
}

/** The deleted row, or null when there was none. */
export async function deleteCategory(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(categories).where(eq(categories.id, id)).returning();
  return deleted ?? null;
}

export async function isTagNameTaken(db: DbOrTx, name: string) {
  const [existing] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})`);
  return existing !== undefined;
}

export async function countTags(db: DbOrTx) {
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(tags);
  return counted?.n ?? 0;
}

export async function insertTag(db: DbOrTx, values: { name: string; color: string; priority: number }) {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function findTagRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row ?? null;
}

export async function updateTagColor(db: DbOrTx, id: string, color: string) {
  await db.update(tags).set({ color }).where(eq(tags.id, id));
}

/** The deleted row, or null when there was none. */
export async function deleteTag(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(tags).where(eq(tags.id, id)).returning();
  return deleted ?? null;
}

/** Takes the tag off every video that has it; answers those videos' ids. */
export async function removeTagFromVideos(db: DbOrTx, tagId: string) {
  const touched = await db
    .update(videos)
    .set({ tagIds: sql`array_remove(${videos.tagIds}, ${tagId}::uuid)` })
    .where(sql`${tagId}::uuid = any(${videos.tagIds})`)
    .returning({ id: videos.id });
  return touched.map((v) => v.id);
}
