import { popupEndpoints, popupWindow, type TAdminPopup, type ZPopupInput } from '@dance/domain';
import { and, arrayContains, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type PopupRow, popups } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';

type PopupInput = z.output<typeof ZPopupInput>;
type Device = PopupInput['deviceVisibility'][number];

const cta = (text: string | null, url: string | null) => (text && url ? { text, url } : null);

export const toAdminPopup = (p: PopupRow): TAdminPopup => ({
  id: p.id,
  headerText: p.headerText,
  description: p.description,
  imageUrl: p.imageUrl,
  startAt: p.startAt.toISOString(),
  endAt: p.endAt.toISOString(),
  startDateLocal: p.startDateLocal,
  endDateLocal: p.endDateLocal,
  timezone: p.timezone,
  isActive: p.isActive,
  viewCount: p.viewCount,
  primaryCta: cta(p.primaryCtaText, p.primaryCtaUrl),
  secondaryCta: cta(p.secondaryCtaText, p.secondaryCtaUrl),
  deviceVisibility: p.deviceVisibility as Device[],
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** The columns of a popup from the form: the dates become UTC instants in the admin's time zone. */
export function popupValues(input: PopupInput) {
  const { startAt, endAt } = popupWindow(input.startDateLocal, input.endDateLocal, input.timezone);
  return {
    headerText: input.headerText,
    description: input.description,
    imageUrl: input.imageUrl,
    startAt,
    endAt,
    startDateLocal: input.startDateLocal,
    endDateLocal: input.endDateLocal,
    timezone: input.timezone,
    isActive: input.isActive,
    primaryCtaText: input.primaryCta?.text ?? null,
    primaryCtaUrl: input.primaryCta?.url ?? null,
    secondaryCtaText: input.secondaryCta?.text ?? null,
    secondaryCtaUrl: input.secondaryCta?.url ?? null,
    deviceVisibility: input.deviceVisibility,
  };
}

const popupNotFound = () => notFound('Popup not found');

async function findPopup(db: DbOrTx, id: string) {
  const [row] = await db.select().from(popups).where(eq(popups.id, id));
  if (!row) throw popupNotFound();
  return row;
}

/** Active now, for this device: the most recently started one wins when windows overlap. */
const isShowing = (now: Date) =>
  and(eq(popups.isActive, true), lte(popups.startAt, now), gte(popups.endAt, now));

export async function selectActivePopup(db: DbOrTx, device: Device, now = new Date()) {
  const [row] = await db
    .select()
    .from(popups)
    .where(and(isShowing(now), arrayContains(popups.deviceVisibility, [device])))
    .orderBy(desc(popups.startAt), desc(popups.createdAt))
    .limit(1);
  return row ?? null;
}

/** Admin popups (list, add, edit, delete) and the popup members see, with its view count. */
export async function popupRoutes(app: FastifyInstance) {
  route(app, popupEndpoints.list, async (_request) => {
    const rows = await app.db.select().from(popups).orderBy(desc(popups.createdAt), desc(popups.id));
    return { items: rows.map(toAdminPopup) };
  });

  route(app, popupEndpoints.get, async (request) => {
    return toAdminPopup(await findPopup(app.db, request.params.id));
  });

  route(app, popupEndpoints.create, async (request) => {
    const { user } = request.caller;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(popups).values(popupValues(request.body)).returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'popup',
        entityId: created!.id,
        changes: { ...request.body },
      });
      return created!;
    });
    return toAdminPopup(row);
  });

  route(app, popupEndpoints.update, async (request) => {
    const { user } = request.caller;
    const row = await app.db.transaction(async (tx) => {
      const before = await findPopup(tx, request.params.id);
      const [updated] = await tx
        .update(popups)
        .set({ ...popupValues(request.body), updatedAt: new Date() })
        .where(eq(popups.id, before.id))
        .returning();
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'update',
        entity: 'popup',
        entityId: before.id,
        changes: { before: toAdminPopup(before), after: request.body },
      });
      return updated!;
    });
    return toAdminPopup(row);
  });

  route(app, popupEndpoints.remove, async (request) => {
    const { user } = request.caller;
    const id = await app.db.transaction(async (tx) => {
      const before = await findPopup(tx, request.params.id);
      await tx.delete(popups).where(eq(popups.id, before.id));
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'delete',
        entity: 'popup',
        entityId: before.id,
        changes: { before: toAdminPopup(before) },
      });
      return before.id;
    });
    return { id };
  });

  route(app, popupEndpoints.active, async (request) => {
    const row = await selectActivePopup(app.db, request.query.device);
    if (!row) return { popup: null };
    const p = toAdminPopup(row);
    return {
      popup: {
        id: p.id,
        headerText: p.headerText,
        description: p.description,
        imageUrl: p.imageUrl,
        primaryCta: p.primaryCta,
        secondaryCta: p.secondaryCta,
      },
    };
  });

  // One statement, so concurrent views never lose a count; only a popup showing now can be counted.
  route(
    app,
    popupEndpoints.recordView,
    async (request) => {
      const [row] = await app.db
        .update(popups)
        .set({ viewCount: sql`${popups.viewCount} + 1` })
        .where(and(eq(popups.id, request.params.id), isShowing(new Date())))
        .returning({ id: popups.id, viewCount: popups.viewCount });
      if (!row) throw popupNotFound();
      return row;
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
}
