import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

export const ZAdminProduct = z.object({
  id: z.string(),
  title: z.string(),
  subname: z.string(),
  handle: z.string(),
  variantTitle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Copied from Shopify, or kept only in our table. */
  source: z.enum(['shopify', 'local']),
  /** Videos that show it. */
  videoCount: z.number().int(),
});
export type TAdminProduct = z.infer<typeof ZAdminProduct>;

export const ZAdminProductList = z.object({
  items: z.array(ZAdminProduct),
  /** Where products come from: the Shopify store (configured), or the embedded table. */
  store: z.enum(['shopify', 'embedded']),
  /** The last sync: when and what it did; null before the first. */
  lastSync: z
    .object({
      at: z.string(),
      created: z.number().int(),
      updated: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
});
export type TAdminProductList = z.infer<typeof ZAdminProductList>;

export const PRODUCT_TEXTS = {
  embeddedStore:
    'Shopify is not configured (SHOPIFY_STORE_DOMAIN): these are the products kept in the database. Sync becomes available once the store is configured.',
  neverSynced: 'Never synced',
} as const;

export const productEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/products',
    summary: 'Every product (Shopify or the embedded table), with where it comes from and the last sync',
    tags: ['admin: products'],
    auth: 'admin',
    response: ZAdminProductList,
    errors: ['UNAUTHENTICATED', 'ROLE_MISMATCH'],
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/admin/products/sync',
    summary: 'Copy the Shopify store products into the products table (when Shopify is configured)',
    tags: ['admin: products'],
    auth: 'admin',
    response: z.object({ created: z.number().int(), updated: z.number().int(), total: z.number().int() }),
    errors: ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_CONFIGURED', 'UPSTREAM_FAILED'],
  }),
} as const;
