import {
  ADMIN_CANNOT_DELETE_SELF_MESSAGE,
  ADMIN_EMAIL_TAKEN_MESSAGE,
  type TAdminUser,
  type ZUpdateAdminUserRequest,
} from '@dance/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { type AuditRequest, recordAudit } from '../audit/record';
import {
  deleteUser,
  deleteUsers,
  findUserRow,
  isEmailTakenByOther,
  toAdminUsers,
  updateUserName,
} from './queries';

const USER_NOT_FOUND = 'User not found';

type UpdateUserInput = z.output<typeof ZUpdateAdminUserRequest>;

/** An admin's edit of a user's name and email; the email stays unique. */
export async function editUser(
  db: Db,
  request: AuditRequest,
  adminId: string,
  userId: string,
  input: UpdateUserInput,
): Promise<TAdminUser> {
  const user = await db.transaction(async (tx) => {
    const current = await findUserRow(tx, userId);
    if (!current) throw notFound(USER_NOT_FOUND);
    if (await isEmailTakenByOther(tx, input.email, userId))
      throw new AppError('EMAIL_TAKEN', ADMIN_EMAIL_TAKEN_MESSAGE, {
        fields: { email: ADMIN_EMAIL_TAKEN_MESSAGE },
      });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['firstName', 'lastName', 'email'] as const) {
      if (input[key] !== current[key]) changes[key] = { from: current[key], to: input[key] };
    }
    const row = await updateUserName(tx, userId, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
    });
    await recordAudit(tx, request, {
      actorId: adminId,
      action: 'update',
      entity: 'user',
      entityId: userId,
      changes,
    });
    return row;
  });
  const [answer] = await toAdminUsers(db, [user]);
  return answer!;
}

/** Deletes a user; an admin cannot delete their own account. */
export async function removeUser(db: Db, request: AuditRequest, adminId: string, userId: string) {
  if (userId === adminId) throw new AppError('FORBIDDEN', ADMIN_CANNOT_DELETE_SELF_MESSAGE);
  await db.transaction(async (tx) => {
    const deleted = await deleteUser(tx, userId);
    if (!deleted) throw notFound(USER_NOT_FOUND);
    await recordAudit(tx, request, {
      actorId: adminId,
      action: 'delete',
      entity: 'user',
      entityId: userId,
      changes: {
        email: deleted.email,
        firstName: deleted.firstName,
        lastName: deleted.lastName,
        userType: deleted.userType,
      },
    });
  });
}

/** Deletes the selected users in one transaction, each audited; the admin's own account cannot be one. */
export async function removeUsers(db: Db, request: AuditRequest, adminId: string, userIds: string[]) {
  if (userIds.includes(adminId)) throw new AppError('FORBIDDEN', ADMIN_CANNOT_DELETE_SELF_MESSAGE);
  return db.transaction(async (tx) => {
    const deleted = await deleteUsers(tx, userIds);
    for (const row of deleted)
      await recordAudit(tx, request, {
        actorId: adminId,
        action: 'delete',
        entity: 'user',
        entityId: row.id,
        changes: {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          userType: row.userType,
          bulk: true,
        },
      });
    return deleted.length;
  });
}
