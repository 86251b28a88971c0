import {
  ADMIN_CANNOT_DELETE_SELF_MESSAGE,
  ADMIN_EMAIL_TAKEN_MESSAGE,
  adminUserEndpoints,
  MESSAGES,
  type TAdminUser,
} from '@dance/domain';
import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type UserRow, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';

const USER_NOT_FOUND = 'User not found';
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toAdminUser(row: UserRow): TAdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    userType: row.userType,
    imageUrl: row.imageUrl,
    studioOwnerId: row.studioOwnerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function adminUserRoutes(app: FastifyInstance) {
  route(app, adminUserEndpoints.list, async (request) => {
    const { search, page, pageSize } = request.query;
    const pattern = search ? likePattern(search) : null;
    const where = pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined;
    const [rows, [counted]] = await Promise.all([
      app.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      app.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return { items: rows.map(toAdminUser), total: counted?.n ?? 0, page, pageSize };
  });

  route(app, adminUserEndpoints.update, async (request) => {
    const { user: admin } = request.caller;
    const { userId } = request.params;
    const body = request.body;
    const user = await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId));
      if (!current) throw notFound(USER_NOT_FOUND);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, body.email), ne(users.id, userId)));
      if (taken)
        throw new AppError('EMAIL_TAKEN', ADMIN_EMAIL_TAKEN_MESSAGE, {
          fields: { email: ADMIN_EMAIL_TAKEN_MESSAGE },
        });
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['firstName', 'lastName', 'email'] as const) {
        if (body[key] !== current[key]) changes[key] = { from: current[key], to: body[key] };
      }
      const [row] = await tx
        .update(users)
        .set({ firstName: body.firstName, lastName: body.lastName, email: body.email, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await recordAudit(tx, request, {
        actorId: admin.id,
        action: 'update',
        entity: 'user',
        entityId: userId,
        changes,
      });
      return row!;
    });
    return { user: toAdminUser(user), message: MESSAGES.userUpdated };
  });

  route(app, adminUserEndpoints.remove, async (request) => {
    const { user: admin } = request.caller;
    const { userId } = request.params;
    if (userId === admin.id) throw new AppError('FORBIDDEN', ADMIN_CANNOT_DELETE_SELF_MESSAGE);
    await app.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning();
      if (!deleted) throw notFound(USER_NOT_FOUND);
      await recordAudit(tx, request, {
        actorId: admin.id,
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
    return { id: userId, message: MESSAGES.userDeleted };
  });
}
