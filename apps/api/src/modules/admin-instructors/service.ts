import type { TAdminInstructor, ZCreateInstructorRequest, ZUpdateInstructorRequest } from '@dance/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { refreshSearchText } from '../admin-videos/search-text-refresh';
import { type AuditRequest, recordAudit } from '../audit/record';
import {
  deleteInstructor,
  findInstructor,
  findInstructorRow,
  insertInstructor,
  updateInstructor,
  videoIdsOfInstructor,
} from './queries';

const INSTRUCTOR_NOT_FOUND = 'Instructor not found';

type CreateInstructorInput = z.output<typeof ZCreateInstructorRequest>;
type UpdateInstructorInput = z.output<typeof ZUpdateInstructorRequest>;

export async function createInstructor(
  db: Db,
  request: AuditRequest,
  actorId: string,
  input: CreateInstructorInput,
): Promise<TAdminInstructor> {
  return db.transaction(async (tx) => {
    const row = await insertInstructor(tx, {
      name: input.name,
      bio: input.bio,
      imageUrl: input.imageUrl,
      socials: input.socials,
    });
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'instructor',
      entityId: row.id,
      changes: { ...input },
    });
    return (await findInstructor(tx, row.id))!;
  });
}

/** Changes the given fields; a new name is rewritten into the search text of every video they teach. */
export async function editInstructor(
  db: Db,
  request: AuditRequest,
  actorId: string,
  id: string,
  input: UpdateInstructorInput,
): Promise<TAdminInstructor> {
  return db.transaction(async (tx) => {
    const current = await findInstructorRow(tx, id);
    if (!current) throw notFound(INSTRUCTOR_NOT_FOUND);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['name', 'bio', 'imageUrl', 'socials'] as const) {
      if (input[key] !== undefined && JSON.stringify(input[key]) !== JSON.stringify(current[key]))
        changes[key] = { from: current[key], to: input[key] };
    }
    if (Object.keys(changes).length) {
      await updateInstructor(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
        ...(input.socials !== undefined ? { socials: input.socials } : {}),
      });
    }
    // The instructor's name is part of each of their videos' search text.
    if (changes.name) await refreshSearchText(tx, await videoIdsOfInstructor(tx, id));
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'instructor',
      entityId: id,
      changes,
    });
    return (await findInstructor(tx, id))!;
  });
}

export async function removeInstructor(db: Db, request: AuditRequest, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const current = await findInstructor(tx, id);
    if (!current) throw notFound(INSTRUCTOR_NOT_FOUND);
    // Videos keep their instructor: deleting one who still teaches videos would silently orphan them.
    if (current.videoCount > 0) {
      throw new AppError(
        'CONFLICT',
        `${current.name} teaches ${current.videoCount} video${current.videoCount === 1 ? '' : 's'}. Choose another instructor for them first.`,
      );
    }
    await deleteInstructor(tx, id);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'instructor',
      entityId: id,
      changes: { name: current.name },
    });
  });
}
