import { productEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { createShopifyProductStore, type ProductStore } from '../../adapters/shopify';
import { route } from '../../lib/route';
import { listProducts, syncProducts } from './service';

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

  route(app, productEndpoints.list, async () => listProducts(app.db, store));

  route(app, productEndpoints.sync, async (request) => {
    return syncProducts(app.db, request, request.caller.user.id, store);
  });
}
