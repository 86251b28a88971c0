import {
  bannerEndpoints,
  CONTENT_MESSAGES,
  type TAdminBanner,
  todayInNewYork,
  type ZBannerInput,
} from '@dance/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { banners } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';
import { selectActiveBanner } from '../catalogue/home';

type BannerRow = typeof banners.$inferSelect;
type BannerInput = z.output<typeof ZBannerInput>;

const toAdminBanner = (b: BannerRow): TAdminBanner => ({
  id: b.id,
  title: b.title,
  imageUrl: b.imageUrl,
  releaseDate: b.releaseDate,
  isActive: b.isActive,
  showImmediately: b.showImmediately,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

const bannerNotFound = () => notFound('Banner not found');

async function findBanner(db: DbOrTx, id: string) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw bannerNotFound();
  return row;
}

/**
 * The release date of a saved banner: today or later in New York (the picker's minimum), unless the banner
 * shows immediately (then the date is ignored and defaults to today). An unchanged past date may be kept.
 */
function releaseDateOf(input: BannerInput, today: string, previous?: string): string {
  const date = input.releaseDate ?? (input.showImmediately ? (previous ?? today) : today);
  if (!input.showImmediately && date < today && date !== previous)
    throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.releaseDateInPast, {
      fields: { releaseDate: CONTENT_MESSAGES.releaseDateInPast },
    });
  return date;
}

/** Admin banners (list, add, edit, publish, delete) and the banner members see. */
export async function bannerRoutes(app: FastifyInstance) {
  route(app, bannerEndpoints.list, async (_request) => {
    const rows = await app.db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
    return { items: rows.map(toAdminBanner) };
  });

  route(app, bannerEndpoints.get, async (request) => {
    return toAdminBanner(await findBanner(app.db, request.params.id));
  });

  route(app, bannerEndpoints.create, async (request) => {
    const { user } = request.caller;
    const input = request.body;
    const releaseDate = releaseDateOf(input, todayInNewYork());
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(banners)
        .values({
          title: input.title,
          imageUrl: input.imageUrl,
          releaseDate,
          isActive: input.isActive,
          showImmediately: input.showImmediately,
        })
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'banner',
        entityId: created!.id,
        changes: { ...input, releaseDate },
      });
      return created!;
    });
    return toAdminBanner(row);
  });

  route(app, bannerEndpoints.update, async (request) => {
    const { user } = request.caller;
    const input = request.body;
    const row = await app.db.transaction(async (tx) => {
      const before = await findBanner(tx, request.params.id);
      const releaseDate = releaseDateOf(input, todayInNewYork(), before.releaseDate);
      const [updated] = await tx
        .update(banners)
        .set({
          title: input.title,
          imageUrl: input.imageUrl,
          releaseDate,
          isActive: input.isActive,
          showImmediately: input.showImmediately,
          updatedAt: new Date(),
        })
        .where(eq(banners.id, before.id))
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'update',
        entity: 'banner',
        entityId: before.id,
        changes: { before: toAdminBanner(before), after: { ...input, releaseDate } },
      });
      return updated!;
    });
    return toAdminBanner(row);
  });

  route(app, bannerEndpoints.setStatus, async (request) => {
    const { user } = request.caller;
    const { isActive } = request.body;
    const row = await app.db.transaction(async (tx) => {
      const before = await findBanner(tx, request.params.id);
      const [updated] = await tx
        .update(banners)
        .set({ isActive, updatedAt: new Date() })
        .where(eq(banners.id, before.id))
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: isActive ? 'publish' : 'unpublish',
        entity: 'banner',
        entityId: before.id,
        changes: { isActive: { from: before.isActive, to: isActive } },
      });
      return updated!;
    });
    return toAdminBanner(row);
  });

  route(app, bannerEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const id = await app.db.transaction(async (tx) => {
      const before = await findBanner(tx, request.params.id);
      await tx.delete(banners).where(eq(banners.id, before.id));
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'banner',
        entityId: before.id,
        changes: { before: toAdminBanner(before) },
      });
      return before.id;
    });
    return { id };
  });

  route(app, bannerEndpoints.active, async () => ({
    banner: await selectActiveBanner(app.db, todayInNewYork()),
  }));
}
