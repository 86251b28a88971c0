/** A product of the store, as the products table keeps it. */
export interface StoreProduct {
  externalId: string;
  title: string;
  handle: string;
  subname: string;
  variantId: string | null;
  variantTitle: string | null;
  images: { src: string }[];
}

/** Where products come from when Shopify is configured (the Storefront API). */
export interface ProductStore {
  listProducts(): Promise<StoreProduct[]>;
}

export class ProductStoreError extends Error {
  override name = 'ProductStoreError';
}

export const SHOPIFY_API_VERSION = '2025-07';

/** Named, so tests (and Shopify's logs) can tell it apart. */
export const SYNC_PRODUCTS_QUERY = `query SyncProducts($cursor: String) {
  products(first: 100, after: $cursor) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id
      handle
      title
      featuredImage { url }
      images(first: 5) { nodes { url } }
      variants(first: 1) { nodes { id title } }
      metafield(namespace: "custom", key: "subname") { value }
    }
  }
}`;

interface ProductNode {
  id: string;
  handle: string;
  title: string;
  featuredImage: { url: string } | null;
  images: { nodes: { url: string }[] } | null;
  variants: { nodes: { id: string; title: string }[] } | null;
  metafield: { value: string } | null;
}

interface SyncProductsResponse {
  data?: {
    products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ProductNode[] };
  } | null;
  errors?: { message: string }[];
}

export interface ShopifyOptions {
  storeDomain: string;
  storefrontToken: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Safety stop for a runaway cursor. */
  maxPages?: number;
}

/** The store URL: Shopify serves the Storefront API over https only. */
export function storefrontUrl(storeDomain: string, apiVersion = SHOPIFY_API_VERSION): string {
  const host = storeDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  return `https://${host}/api/${apiVersion}/graphql.json`;
}

/** Shopify's Storefront API (GraphQL over fetch): every product, 100 a page. */
export function createShopifyProductStore(options: ShopifyOptions): ProductStore {
  const url = storefrontUrl(options.storeDomain, options.apiVersion);
  // Looked up per call, so an instrumented global fetch (tracing, msw in tests) is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxPages = options.maxPages ?? 50;
  return {
    async listProducts() {
      const out: StoreProduct[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < maxPages; page++) {
        let response: Response;
        try {
          response = await doFetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'x-shopify-storefront-access-token': options.storefrontToken,
            },
            body: JSON.stringify({
              query: SYNC_PRODUCTS_QUERY,
              operationName: 'SyncProducts',
              variables: { cursor },
            }),
            signal: AbortSignal.timeout(20_000),
          });
        } catch {
          throw new ProductStoreError('Shopify could not be reached. Please try again.');
        }
        if (response.status === 401 || response.status === 403)
          throw new ProductStoreError('Shopify refused the request: check SHOPIFY_STOREFRONT_TOKEN.');
        if (!response.ok)
          throw new ProductStoreError(`Shopify answered ${response.status}. Please try again.`);
        const body = (await response.json().catch(() => null)) as SyncProductsResponse | null;
        if (body?.errors?.length) throw new ProductStoreError(`Shopify: ${body.errors[0]!.message}`);
        const products = body?.data?.products;
        if (!products) throw new ProductStoreError('Shopify answered without products.');
        out.push(...products.nodes.map(toStoreProduct));
        if (!products.pageInfo.hasNextPage || !products.pageInfo.endCursor) return out;
        cursor = products.pageInfo.endCursor;
      }
      return out;
    },
  };
}

function toStoreProduct(node: ProductNode): StoreProduct {
  const variant = node.variants?.nodes[0] ?? null;
  const imageUrls = [
    ...(node.featuredImage ? [node.featuredImage.url] : []),
    ...(node.images?.nodes.map((i) => i.url) ?? []),
  ];
  return {
    externalId: node.id,
    title: node.title,
    handle: node.handle,
    subname: node.metafield?.value ?? '',
    variantId: variant?.id ?? null,
    // Shopify names the only variant of a simple product "Default Title": not worth showing.
    variantTitle: variant && variant.title !== 'Default Title' ? variant.title : null,
    images: [...new Set(imageUrls)].map((src) => ({ src })),
  };
}
