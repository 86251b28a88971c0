import { productEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { createShopifyProductStore, type ProductStore, ProductStoreError } from '../../adapters/shopify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';
import { upsertProducts } from './sync';

export interface ProductRoutesOptions {
  /** Overrides the store (tests); otherwise Shopify when configured, else none (products live in the table). */
  productStore?: ProductStore | null;
}

/**
 * Products: the catalogue's GET /products reads the products table. With Shopify configured, an admin copies
 * the store's products into it.
 */
export async function productRoutes(app: FastifyInstance, options: ProductRoutesOptions = {}) {
  const store =
    options.productStore !== undefined
      ? options.productStore
      : app.config.shopify
        ? createShopifyProductStore(app.config.shopify)
        : null;

  route(app, productEndpoints.sync, async (request) => {
    const { user } = request.caller;
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
    return app.db.transaction(async (tx) => {
      const result = await upsertProducts(tx, items);
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'sync',
        entity: 'product',
        changes: result,
      });
      return result;
    });
  });
}
