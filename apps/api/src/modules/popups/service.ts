import { popupWindow, type TAdminPopup, type ZPopupInput } from '@dance/domain';
import type { z } from 'zod';
import type { PopupRow } from '../../db/schema';
import { type AdminChange, recordAudit } from '../audit/record';
import { type Device, deletePopup, findPopup, insertPopup, type PopupValues, updatePopup } from './queries';

type PopupInput = z.output<typeof ZPopupInput>;

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
export function popupValues(input: PopupInput): PopupValues {
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

export async function createPopup({ db, request, actorId }: AdminChange, input: PopupInput) {
  return db.transaction(async (tx) => {
    const created = await insertPopup(tx, popupValues(input));
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'popup',
      entityId: created.id,
      changes: { ...input },
    });
    return created;
  });
}

export async function editPopup({ db, request, actorId }: AdminChange, id: string, input: PopupInput) {
  return db.transaction(async (tx) => {
    const before = await findPopup(tx, id);
    const updated = await updatePopup(tx, before.id, popupValues(input));
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'popup',
      entityId: before.id,
      changes: { before: toAdminPopup(before), after: input },
    });
    return updated;
  });
}

export async function removePopup({ db, request, actorId }: AdminChange, id: string) {
  return db.transaction(async (tx) => {
    const before = await findPopup(tx, id);
    await deletePopup(tx, before.id);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'popup',
      entityId: before.id,
      changes: { before: toAdminPopup(before) },
    });
    return before.id;
  });
}
