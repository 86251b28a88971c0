import { MESSAGES } from '@dance/domain';
import { and, eq, sql, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type UploadKind = 'image' | 'video';

/** Bytes of `kind` the user has stored. */
export async function usedUploadBytes(db: DbOrTx, uploaderId: string, kind: UploadKind): Promise<number> {
  const [row] = await db
    .select({ total: sum(uploads.sizeBytes) })
    .from(uploads)
    .where(and(eq(uploads.uploaderId, uploaderId), eq(uploads.kind, kind)));
  return Number(row?.total ?? 0);
}

export const quotaExceeded = () =>
  new AppError('UPLOAD_QUOTA_EXCEEDED', MESSAGES.uploadQuotaExceeded, {
    fields: { file: MESSAGES.uploadQuotaExceeded },
  });

/**
 * Reserves `sizeBytes` of the user's quota before the bytes are stored: one row in `uploads`, written under a
 * per-user lock so two parallel uploads cannot both pass. Throws UPLOAD_QUOTA_EXCEEDED (413) when it would not
 * fit. Answers the row's id; `releaseUpload` removes it when storing then fails.
 */
export async function reserveUpload(
  db: Db,
  input: {
    uploaderId: string;
    kind: UploadKind;
    key: string;
    sizeBytes: number;
    quotaBytes: number;
    variantWidths?: number[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${input.uploaderId}`}))`);
    const used = await usedUploadBytes(tx, input.uploaderId, input.kind);
    if (used + input.sizeBytes > input.quotaBytes) throw quotaExceeded();
    const [row] = await tx
      .insert(uploads)
      .values({
        uploaderId: input.uploaderId,
        kind: input.kind,
        key: input.key,
        sizeBytes: input.sizeBytes,
        variantWidths: input.variantWidths ?? null,
      })
      .returning({ id: uploads.id });
    return row!.id;
  });
}

/** Gives a reservation back (the bytes were not stored after all). */
export async function releaseUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}
