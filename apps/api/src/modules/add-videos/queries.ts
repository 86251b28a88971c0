import { eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, products, tags, videos } from '../../db/schema';

export async function findTagByName(db: DbOrTx, name: string) {
  const [found] = await db.select().from(tags).where(sql`lower(${tags.name}) = ${name.toLowerCase()}`);
  return found ?? null;
}

/** A new tag at the end of the priority order. */
export async function insertTagLast(db: DbOrTx, name: string, color: string) {
  const [top] = await db.select({ value: max(tags.priority) }).from(tags);
  const [created] = await db
    .insert(tags)
    .values({ name, color, priority: (top?.value ?? 0) + 1 })
    .returning();
  return created!;
}

export function tagsByIds(db: DbOrTx, ids: string[]) {
  return db.select().from(tags).where(inArray(tags.id, ids));
}

export async function countProducts(db: DbOrTx, ids: string[]) {
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return rows.length;
}

export async function categoryExists(db: DbOrTx, id: string) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return category !== undefined;
}

/** The "Classes" category (any casing), where class videos go when none is chosen. */
export async function findClassesCategoryId(db: DbOrTx) {
  const [classes] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = 'classes'`);
  return classes?.id ?? null;
}

export async function findInstructorRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(instructors).where(eq(instructors.id, id));
  return row ?? null;
}

export async function findInstructorByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(instructors)
    .where(sql`lower(${instructors.name}) = ${name.toLowerCase()}`);
  return row ?? null;
}

export async function insertInstructorNamed(db: DbOrTx, name: string) {
  const [row] = await db.insert(instructors).values({ name }).returning();
  return row!;
}

export async function insertVideo(db: DbOrTx, values: typeof videos.$inferInsert) {
  const [video] = await db.insert(videos).values(values).returning();
  return video!;
}
