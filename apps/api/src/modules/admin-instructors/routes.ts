import { adminInstructorEndpoints, type TAdminInstructor } from '@dance/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { instructors, videos } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { refreshSearchText } from '../admin-videos/search-text-refresh';
import { recordAudit } from '../audit/record';

const INSTRUCTOR_NOT_FOUND = 'Instructor not found';

// Written out: inside a select list drizzle leaves columns unqualified, which the subquery would capture.
const videoCount = sql<number>`(select count(*)::int from videos v where v.instructor_id = "instructors"."id")`;

function selectInstructors(db: DbOrTx) {
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

async function findInstructor(db: DbOrTx, id: string): Promise<TAdminInstructor | null> {
  const [row] = await selectInstructors(db).where(eq(instructors.id, id));
  return row ?? null;
}

export async function adminInstructorRoutes(app: FastifyInstance) {
  route(app, adminInstructorEndpoints.list, async (_request) => {
    return { items: await selectInstructors(app.db) };
  });

  route(app, adminInstructorEndpoints.create, async (request) => {
    const { user } = request.caller;
    const body = request.body;
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(instructors)
        .values({ name: body.name, bio: body.bio, imageUrl: body.imageUrl, socials: body.socials })
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'instructor',
        entityId: row!.id,
        changes: { ...body },
      });
      return (await findInstructor(tx, row!.id))!;
    });
  });

  route(app, adminInstructorEndpoints.update, async (request) => {
    const { user } = request.caller;
    const { id } = request.params;
    const body = request.body;
    return app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(instructors).where(eq(instructors.id, id));
      if (!current) throw notFound(INSTRUCTOR_NOT_FOUND);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['name', 'bio', 'imageUrl', 'socials'] as const) {
        if (body[key] !== undefined && JSON.stringify(body[key]) !== JSON.stringify(current[key]))
          changes[key] = { from: current[key], to: body[key] };
      }
      if (Object.keys(changes).length) {
        await tx
          .update(instructors)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.bio !== undefined ? { bio: body.bio } : {}),
            ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl } : {}),
            ...(body.socials !== undefined ? { socials: body.socials } : {}),
          })
          .where(eq(instructors.id, id));
      }
      // The instructor's name is part of each of their videos' search text.
      if (changes.name) {
        const theirs = await tx.select({ id: videos.id }).from(videos).where(eq(videos.instructorId, id));
        await refreshSearchText(
          tx,
          theirs.map((v) => v.id),
        );
      }
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'update',
        entity: 'instructor',
        entityId: id,
        changes,
      });
      return (await findInstructor(tx, id))!;
    });
  });

  route(app, adminInstructorEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const { id } = request.params;
    await app.db.transaction(async (tx) => {
      const current = await findInstructor(tx, id);
      if (!current) throw notFound(INSTRUCTOR_NOT_FOUND);
      // Videos keep their instructor: deleting one who still teaches videos would silently orphan them.
      if (current.videoCount > 0) {
        throw new AppError(
          'CONFLICT',
          `${current.name} teaches ${current.videoCount} video${current.videoCount === 1 ? '' : 's'}. Choose another instructor for them first.`,
        );
      }
      await tx.delete(instructors).where(eq(instructors.id, id));
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'instructor',
        entityId: id,
        changes: { name: current.name },
      });
    });
    return { id };
  });
}
