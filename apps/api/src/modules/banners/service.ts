import { CONTENT_MESSAGES, type TAdminBanner, todayInNewYork, type ZBannerInput } from '@dance/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type AdminChange, recordAudit } from '../audit/record';
import { type BannerRow, deleteBanner, findBanner, insertBanner, updateBanner } from './queries';

type BannerInput = z.output<typeof ZBannerInput>;

export const toAdminBanner = (b: BannerRow): TAdminBanner => ({
  id: b.id,
  title: b.title,
  imageUrl: b.imageUrl,
  releaseDate: b.releaseDate,
  isActive: b.isActive,
  showImmediately: b.showImmediately,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

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

const valuesOf = (input: BannerInput, releaseDate: string) => ({
  title: input.title,
  imageUrl: input.imageUrl,
  releaseDate,
  isActive: input.isActive,
  showImmediately: input.showImmediately,
});

export async function createBanner({ db, request, actorId }: AdminChange, input: BannerInput) {
  const releaseDate = releaseDateOf(input, todayInNewYork());
  return db.transaction(async (tx) => {
    const created = await insertBanner(tx, valuesOf(input, releaseDate));
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'banner',
      entityId: created.id,
      changes: { ...input, releaseDate },
    });
    return created;
  });
}

export async function editBanner({ db, request, actorId }: AdminChange, id: string, input: BannerInput) {
  return db.transaction(async (tx) => {
    const before = await findBanner(tx, id);
    const releaseDate = releaseDateOf(input, todayInNewYork(), before.releaseDate);
    const updated = await updateBanner(tx, before.id, valuesOf(input, releaseDate));
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'banner',
      entityId: before.id,
      changes: { before: toAdminBanner(before), after: { ...input, releaseDate } },
    });
    return updated;
  });
}

export async function setBannerStatus({ db, request, actorId }: AdminChange, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const before = await findBanner(tx, id);
    const updated = await updateBanner(tx, before.id, { isActive });
    await recordAudit(tx, request, {
      actorId,
      action: isActive ? 'publish' : 'unpublish',
      entity: 'banner',
      entityId: before.id,
      changes: { isActive: { from: before.isActive, to: isActive } },
    });
    return updated;
  });
}

export async function removeBanner({ db, request, actorId }: AdminChange, id: string) {
  return db.transaction(async (tx) => {
    const before = await findBanner(tx, id);
    await deleteBanner(tx, before.id);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'banner',
      entityId: before.id,
      changes: { before: toAdminBanner(before) },
    });
    return before.id;
  });
}
