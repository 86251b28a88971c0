import type { TAdminProductList } from '@dance/domain';
import type { FastifyRequest } from 'fastify';
import { type ProductStore, ProductStoreError } from '../../adapters/shopify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { findLastSync, selectProductsWithUse, upsertProducts } from './queries';

/** Copies the store's products into the products table, or says why it cannot. */
export async function syncProducts(
  db: Db,
  request: Pick<FastifyRequest, 'id'>,
  actorId: string,
  store: ProductStore | null,
) {
  if (!store)
    throw new AppError(
      'NOT_CONFIGURED',
      'Shopify is not configured (SHOPIFY_STORE_DOMAIN): products are kept in the database.',
    );
  let items: Awaited<ReturnType<ProductStore['listProducts']>>;
  try {
    items = await store.listProducts();
  } catch (error) {
    if (error instanceof ProductStoreError) throw new AppError('UPSTREAM_FAILED', error.message);
    throw error;
  }
  return db.transaction(async (tx) => {
    const result = await upsertProducts(tx, items);
    await recordAudit(tx, request, { actorId, action: 'sync', entity: 'product', changes: result });
    return result;
  });
}

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

/** The products page: every product, where products come from, and the last sync (issue 22 item 13). */
export async function listProducts(db: Db, store: ProductStore | null): Promise<TAdminProductList> {
  const [rows, last] = await Promise.all([selectProductsWithUse(db), findLastSync(db)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      subname: r.subname,
      handle: r.handle,
      variantTitle: r.variantTitle,
      imageUrl: r.images[0]?.src ?? null,
      source: r.externalId ? ('shopify' as const) : ('local' as const),
      videoCount: r.videoCount,
    })),
    store: store ? 'shopify' : 'embedded',
    lastSync: last
      ? {
          at: last.at.toISOString(),
          created: count(last.changes.created),
          updated: count(last.changes.updated),
          total: count(last.changes.total),
        }
      : null,
  };
}
