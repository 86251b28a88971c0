import type { ZPopupDevice } from '@dance/domain';
import { and, arrayContains, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type PopupRow, popups } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type PopupValues = Omit<typeof popups.$inferInsert, 'id' | 'viewCount' | 'createdAt' | 'updatedAt'>;
export type Device = z.infer<typeof ZPopupDevice>;

export const popupNotFound = () => notFound('Popup not found');

export function selectPopups(db: DbOrTx) {
  return db.select().from(popups).orderBy(desc(popups.createdAt), desc(popups.id));
}

export async function findPopup(db: DbOrTx, id: string) {
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

export async function insertPopup(db: DbOrTx, values: PopupValues): Promise<PopupRow> {
  const [created] = await db.insert(popups).values(values).returning();
  return created!;
}

export async function updatePopup(db: DbOrTx, id: string, values: PopupValues): Promise<PopupRow> {
  const [updated] = await db
    .update(popups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(popups.id, id))
    .returning();
  return updated!;
}

export async function deletePopup(db: DbOrTx, id: string) {
  await db.delete(popups).where(eq(popups.id, id));
}

/** One statement, so concurrent views never lose a count; only a popup showing now can be counted. */
export async function countPopupView(db: DbOrTx, id: string) {
  const [row] = await db
    .update(popups)
    .set({ viewCount: sql`${popups.viewCount} + 1` })
    .where(and(eq(popups.id, id), isShowing(new Date())))
    .returning({ id: popups.id, viewCount: popups.viewCount });
  return row ?? null;
}
