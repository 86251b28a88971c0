import { sql } from 'drizzle-orm';
import type { StoreProduct } from '../../adapters/shopify';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

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
