import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { StoreProduct } from '../../adapters/shopify';
import type { DbOrTx } from '../../db/client';
import { auditLog, products } from '../../db/schema';

/** Upserts store products by handle; products only in our table stay (videos may still point at them). */
export async function upsertProducts(db: DbOrTx, items: StoreProduct[]) {
  let created = 0;
  let updated = 0;
  for (const item of items) {
    const [row] = await db
      .insert(products)
      .values(item)
      .onConflictDoUpdate({
        target: products.handle,
        set: {
          title: item.title,
          subname: item.subname,
          variantId: item.variantId,
          variantTitle: item.variantTitle,
          images: item.images,
          externalId: item.externalId,
        },
      })
      .returning({ isInserted: sql<boolean>`(xmax = 0)` });
    if (row?.isInserted) created += 1;
    else updated += 1;
  }
  return { created, updated, total: items.length };
}

/** Every product by title, with how many videos show it. */
export function selectProductsWithUse(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      title: products.title,
      subname: products.subname,
      handle: products.handle,
      variantTitle: products.variantTitle,
      images: products.images,
      externalId: products.externalId,
      // Qualified by hand: inside the subquery a bare "id" would be the video's.
      videoCount: sql<number>`(select count(*)::int from videos v where "products"."id" = any(v.product_ids))`,
    })
    .from(products)
    .orderBy(asc(products.title), asc(products.id));
}

/** The newest sync, from the audit log (every sync is audited with its counts). */
export async function findLastSync(db: DbOrTx) {
  const [row] = await db
    .select({ at: auditLog.createdAt, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sync'), eq(auditLog.entity, 'product')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row ?? null;
}
