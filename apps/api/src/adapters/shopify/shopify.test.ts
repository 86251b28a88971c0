import { HttpResponse, http } from 'msw';
import { graphql } from 'msw/graphql';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyProductStore, ProductStoreError, storefrontUrl } from './index';

const STORE = 'dance-shop.myshopify.com';
const shop = graphql.link(storefrontUrl(STORE));

/** Storefront API product nodes, as its GraphQL schema documents them. */
const node = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `gid://shopify/Product/${1000 + n}`,
  handle: `product-${n}`,
  title: `Product ${n}`,
  featuredImage: { url: `https://cdn.shopify.com/s/files/p${n}.jpg` },
  images: {
    nodes: [
      { url: `https://cdn.shopify.com/s/files/p${n}.jpg` },
      { url: `https://cdn.shopify.com/s/files/p${n}-b.jpg` },
    ],
  },
  variants: {
    nodes: [{ id: `gid://shopify/ProductVariant/${2000 + n}`, title: n === 1 ? 'Default Title' : 'Large' }],
  },
  metafield: n === 1 ? null : { value: `Sub ${n}` },
  ...extra,
});

const seen: { cursor: unknown; token: string | null }[] = [];
const server = setupServer(
  shop.query('SyncProducts', ({ variables, request }) => {
    seen.push({ cursor: variables.cursor, token: request.headers.get('x-shopify-storefront-access-token') });
    if (!variables.cursor)
      return HttpResponse.json({
        data: { products: { pageInfo: { hasNextPage: true, endCursor: 'c1' }, nodes: [node(1), node(2)] } },
      });
    return HttpResponse.json({
      data: { products: { pageInfo: { hasNextPage: false, endCursor: 'c2' }, nodes: [node(3)] } },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const store = createShopifyProductStore({ storeDomain: STORE, storefrontToken: 'public-token' });

describe('the Shopify product store', () => {
  it('pages through every product with the storefront token', async () => {
    const products = await store.listProducts();
    expect(products.map((p) => p.handle)).toEqual(['product-1', 'product-2', 'product-3']);
    expect(seen).toEqual([
      { cursor: null, token: 'public-token' },
      { cursor: 'c1', token: 'public-token' },
    ]);
    expect(products[1]).toEqual({
      externalId: 'gid://shopify/Product/1002',
      title: 'Product 2',
      handle: 'product-2',
      subname: 'Sub 2',
      variantId: 'gid://shopify/ProductVariant/2002',
      variantTitle: 'Large',
      images: [
        { src: 'https://cdn.shopify.com/s/files/p2.jpg' },
        { src: 'https://cdn.shopify.com/s/files/p2-b.jpg' },
      ],
    });
    // No metafield and Shopify's "Default Title" variant: nothing to show under the title.
    expect(products[0]).toMatchObject({ subname: '', variantTitle: null });
  });

  it('always calls the store over https, whatever the domain was written as', () => {
    expect(storefrontUrl('http://dance-shop.myshopify.com/')).toBe(
      'https://dance-shop.myshopify.com/api/2025-07/graphql.json',
    );
  });

  it('reports GraphQL errors', async () => {
    server.use(shop.query('SyncProducts', () => HttpResponse.json({ errors: [{ message: 'Throttled' }] })));
    await expect(store.listProducts()).rejects.toThrow(new ProductStoreError('Shopify: Throttled'));
  });

  it('reports a refused token and a failing store', async () => {
    server.use(http.post(storefrontUrl(STORE), () => new HttpResponse(null, { status: 401 })));
    await expect(store.listProducts()).rejects.toThrow(/check SHOPIFY_STOREFRONT_TOKEN/);
    server.use(http.post(storefrontUrl(STORE), () => new HttpResponse(null, { status: 503 })));
    await expect(store.listProducts()).rejects.toThrow(/Shopify answered 503/);
  });
});
