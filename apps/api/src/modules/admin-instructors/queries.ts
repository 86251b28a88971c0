import type { TAdminInstructor } from '@dance/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type InstructorRow, instructors, videos } from '../../db/schema';

// Written out: inside a select list drizzle leaves columns unqualified, which the subquery would capture.
const videoCount = sql<number>`(select count(*)::int from videos v where v.instructor_id = "instructors"."id")`;

/** Every instructor with how many videos they teach, by name. */
export function selectInstructors(db: DbOrTx) {
  return db
    .select({
      id: instructors.id,
      name: instructors.name,
      bio: instructors.bio,
      imageUrl: instructors.imageUrl,
      socials: instructors.socials,
      videoCount,
    })
    .from(instructors)
    .orderBy(asc(sql`lower(${instructors.name})`), asc(instructors.id));
}

export async function findInstructor(db: DbOrTx, id: string): Promise<TAdminInstructor | null> {
  const [row] = await selectInstructors(db).where(eq(instructors.id, id));
  return row ?? null;
}

export async function findInstructorRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(instructors).where(eq(instructors.id, id));
  return row ?? null;
}

export type InstructorFields = Pick<InstructorRow, 'name' | 'bio' | 'imageUrl' | 'socials'>;

export async function insertInstructor(db: DbOrTx, fields: InstructorFields) {
  const [row] = await db.insert(instructors).values(fields).returning();
  return row!;
}

export async function updateInstructor(db: DbOrTx, id: string, fields: Partial<InstructorFields>) {
  await db.update(instructors).set(fields).where(eq(instructors.id, id));
}

export async function deleteInstructor(db: DbOrTx, id: string) {
  await db.delete(instructors).where(eq(instructors.id, id));
}

export async function videoIdsOfInstructor(db: DbOrTx, id: string) {
  const rows = await db.select({ id: videos.id }).from(videos).where(eq(videos.instructorId, id));
  return rows.map((v) => v.id);
}
