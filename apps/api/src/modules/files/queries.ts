import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

/** Image uploads whose variants are not yet known (older than decision 0063), oldest first. */
export function pendingVariantUploads(db: DbOrTx, limit: number) {
  return db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.kind, 'image'), isNull(uploads.variantWidths)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
}

/** Image uploads older than the removal of metadata on the way in, not yet checked, oldest first. */
export function pendingMetadataUploads(db: DbOrTx, limit: number) {
  return db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.kind, 'image'), eq(uploads.isMetadataFree, false)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
}

/** Records an image as checked; `sizeChange` is what its bytes grew or shrank by when it was stored again. */
export async function setMetadataFree(db: DbOrTx, id: string, sizeChange: number) {
  await db
    .update(uploads)
    .set({ isMetadataFree: true, sizeBytes: sql`${uploads.sizeBytes} + ${sizeChange}` })
    .where(eq(uploads.id, id));
}

export async function setVariantWidths(db: DbOrTx, id: string, widths: number[]) {
  await db.update(uploads).set({ variantWidths: widths }).where(eq(uploads.id, id));
}

/**
 * Where image URLs are stored: every text column named `…image_url` or `…thumbnail_url` and the JSON columns
 * that hold image URLs (`images` of products, `chapters` of videos). Read from the catalogue, so a column added
 * later under the same naming is covered without a list to keep.
 */
export function imageUrlColumns(db: DbOrTx) {
  return rowsOf<{ table: string; column: string; type: 'text' | 'jsonb' }>(
    db,
    sql`select table_name as "table", column_name as "column", data_type as "type"
        from information_schema.columns
        where table_schema = 'public'
          and ((data_type = 'text' and (column_name like '%image_url' or column_name like '%thumbnail_url'))
            or (data_type = 'jsonb' and column_name in ('images', 'chapters')))
        order by table_name, column_name`,
  );
}

/**
 * Replaces an image's URL by its marked form wherever it is stored: whole text values equal to it, and JSON
 * string values equal to it (matched with their quotes, so a longer URL that starts the same is left alone).
 * Running it again changes nothing: a marked value no longer equals the plain URL.
 */
export async function replaceImageUrl(
  db: DbOrTx,
  columns: { table: string; column: string; type: 'text' | 'jsonb' }[],
  url: string,
  marked: string,
) {
  for (const { table, column, type } of columns) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    if (type === 'text') {
      await db.execute(sql`update ${t} set ${c} = ${marked} where ${c} = ${url}`);
    } else {
      const from = JSON.stringify(url);
      const to = JSON.stringify(marked);
      await db.execute(
        sql`update ${t} set ${c} = replace(${c}::text, ${from}, ${to})::jsonb where strpos(${c}::text, ${from}) > 0`,
      );
    }
  }
}
