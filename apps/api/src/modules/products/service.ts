import type { FastifyRequest } from 'fastify';
import { type ProductStore, ProductStoreError } from '../../adapters/shopify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { upsertProducts } from './queries';

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
