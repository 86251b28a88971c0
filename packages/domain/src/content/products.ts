import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

export const productEndpoints = {
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
