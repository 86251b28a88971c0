import { adminCategoryEndpoints, adminTagEndpoints, MESSAGES } from '@dance/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { categories, tags, videos } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { refreshSearchText } from '../admin-videos/search-text-refresh';
import { recordAudit } from '../audit/record';
import { compactTagPriorities, moveTag } from './tag-priorities';

const DEFAULT_TAG_COLOR = '#868e96';

function selectCategories(db: DbOrTx) {
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

function selectTags(db: DbOrTx) {
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

export async function adminTaxonomyRoutes(app: FastifyInstance) {
  route(app, adminCategoryEndpoints.list, async (_request) => {
    return { items: await selectCategories(app.db) };
  });

  route(app, adminCategoryEndpoints.create, async (request) => {
    const { user } = request.caller;
    const { name } = request.body;
    return app.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${name})`);
      if (existing)
        throw new AppError('CONFLICT', 'A category with this name already exists', {
          fields: { name: 'A category with this name already exists' },
        });
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${categories.position}), 0)::int` })
        .from(categories);
      const [row] = await tx
        .insert(categories)
        .values({ name, position: (last?.max ?? 0) + 1 })
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'category',
        entityId: row!.id,
        changes: { name },
      });
      return { id: row!.id, name: row!.name, routePath: row!.routePath, videoCount: 0 };
    });
  });

  route(app, adminCategoryEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const { id } = request.params;
    await app.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning();
      if (!deleted) throw notFound('Category not found');
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'category',
        entityId: id,
        changes: { name: deleted.name },
      });
    });
    return { id };
  });

  route(app, adminTagEndpoints.list, async (_request) => {
    return { items: await selectTags(app.db) };
  });

  route(app, adminTagEndpoints.create, async (request) => {
    const { user } = request.caller;
    const { name, color } = request.body;
    return app.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(sql`lower(${tags.name}) = lower(${name})`);
      if (existing)
        throw new AppError('CONFLICT', MESSAGES.tagAlreadyExists, {
          fields: { name: MESSAGES.tagAlreadyExists },
        });
      await compactTagPriorities(tx);
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(tags);
      const [row] = await tx
        .insert(tags)
        .values({ name, color: color ?? DEFAULT_TAG_COLOR, priority: (counted?.n ?? 0) + 1 })
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'tag',
        entityId: row!.id,
        changes: { name, color: row!.color, priority: row!.priority },
      });
      return { id: row!.id, name: row!.name, color: row!.color, priority: row!.priority, videoCount: 0 };
    });
  });

  route(app, adminTagEndpoints.update, async (request) => {
    const { user } = request.caller;
    const { id } = request.params;
    const { color, priority } = request.body;
    await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(tags).where(eq(tags.id, id));
      if (!current) throw notFound(MESSAGES.tagNotFound);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (priority !== undefined) {
        const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(tags);
        const max = counted?.n ?? 0;
        if (priority > max) {
          const message = `Priority must be from 1 to ${max}`;
          throw new AppError('VALIDATION_FAILED', message, { fields: { priority: message } });
        }
        await moveTag(tx, id, priority);
        changes.priority = { from: current.priority, to: priority };
      }
      if (color !== undefined && color !== current.color) {
        await tx.update(tags).set({ color }).where(eq(tags.id, id));
        changes.color = { from: current.color, to: color };
      }
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'update',
        entity: 'tag',
        entityId: id,
        changes,
      });
    });
    return { items: await selectTags(app.db) };
  });

  route(app, adminTagEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const { id } = request.params;
    await app.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(tags).where(eq(tags.id, id)).returning();
      if (!deleted) throw notFound(MESSAGES.tagNotFound);
      // The tag leaves every video, and their search text with it.
      const touched = await tx
        .update(videos)
        .set({ tagIds: sql`array_remove(${videos.tagIds}, ${id}::uuid)` })
        .where(sql`${id}::uuid = any(${videos.tagIds})`)
        .returning({ id: videos.id });
      await refreshSearchText(
        tx,
        touched.map((v) => v.id),
      );
      await compactTagPriorities(tx);
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'tag',
        entityId: id,
        changes: { name: deleted.name, priority: deleted.priority, videos: touched.length },
      });
    });
    return { id };
  });
}
