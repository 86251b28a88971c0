import { eq } from 'drizzle-orm';
import { HttpResponse } from 'msw';
import { graphql } from 'msw/graphql';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { storefrontUrl } from '../../adapters/shopify';
import { auditLog, products } from '../../db/schema';

const STORE = 'dance-shop.myshopify.com';
const server = setupServer(
  graphql.link(storefrontUrl(STORE)).query('SyncProducts', () =>
    HttpResponse.json({
      data: {
        products: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [
            {
              id: 'gid://shopify/Product/1',
              handle: 'stretch-strap',
              title: 'Stretch Strap Pro',
              featuredImage: { url: 'https://cdn.shopify.com/strap.jpg' },
              images: { nodes: [] },
              variants: { nodes: [{ id: 'gid://shopify/ProductVariant/11', title: 'Blue' }] },
              metafield: { value: '12 loops' },
            },
            {
              id: 'gid://shopify/Product/2',
              handle: 'turn-board',
              title: 'Turn Board',
              featuredImage: null,
              images: { nodes: [] },
              variants: { nodes: [] },
              metafield: null,
            },
          ],
        },
      },
    }),
  ),
);

let shop: TestApp;
let plain: TestApp;
let shopAdmin: Session;
let plainAdmin: Session;
let member: Session;
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  shop = await createTestApp({ shopify: { storeDomain: STORE, storefrontToken: 'token' } });
  plain = await createTestApp();
  shopAdmin = await logInAs(shop.app, (await createUser(shop.app, { role: 'admin' })).email);
  member = await logInAs(shop.app, (await createUser(shop.app)).email);
  plainAdmin = await logInAs(plain.app, (await createUser(plain.app, { role: 'admin' })).email);
});
afterAll(async () => {
  server.close();
  await shop.close();
  await plain.close();
});

const sync = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/products/sync', headers });

describe('product sync', () => {
  it('upserts the store products by handle, keeps the others, and the pickers find them', async () => {
    await shop.app.db
      .insert(products)
      .values({ title: 'Stretch Strap', handle: 'stretch-strap', subname: '10 loops' });
    const kept = await createProduct(shop.app, 'Foam Roller');
    const res = await sync(shop, shopAdmin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 1, total: 2 });
    const [strap] = await shop.app.db.select().from(products).where(eq(products.handle, 'stretch-strap'));
    expect(strap).toMatchObject({
      title: 'Stretch Strap Pro',
      subname: '12 loops',
      variantId: 'gid://shopify/ProductVariant/11',
      variantTitle: 'Blue',
      externalId: 'gid://shopify/Product/1',
      images: [{ src: 'https://cdn.shopify.com/strap.jpg' }],
    });
    expect(await shop.app.db.select().from(products).where(eq(products.id, kept.id))).toHaveLength(1);
    const found = await shop.app.inject({ method: 'GET', url: '/api/v1/products?query=turn' });
    expect(found.json().items.map((p: { title: string }) => p.title)).toEqual(['Turn Board']);
    expect(await shop.app.db.select().from(auditLog).where(eq(auditLog.entity, 'product'))).toHaveLength(1);
  });

  it('answers 409 when Shopify is not configured: products stay in the database', async () => {
    const res = await sync(plain, plainAdmin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_CONFIGURED');
  });

  it('refuses guests, members and a cookie without the CSRF token', async () => {
    const before = await shop.app.db.select().from(products);
    expect((await sync(shop)).statusCode).toBe(401);
    expect((await sync(shop, member.headers)).statusCode).toBe(403);
    expect((await sync(shop, { cookie: shopAdmin.cookie })).json().code).toBe('CSRF_FAILED');
    expect(await shop.app.db.select().from(products)).toEqual(before);
  });

  it('answers 502 when the store fails', async () => {
    server.use(
      graphql
        .link(storefrontUrl(STORE))
        .query('SyncProducts', () => HttpResponse.json({ errors: [{ message: 'Throttled' }] })),
    );
    const res = await sync(shop, shopAdmin.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Shopify: Throttled');
  });
});

describe('the products page (issue 22 item 13)', () => {
  const list = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/admin/products', headers });

  it('lists the products with their source and use, and the last sync with what it did', async () => {
    // The first describe synced once: created 1, updated 1 of 2.
    const res = await list(shop, shopAdmin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.store).toBe('shopify');
    expect(body.lastSync).toMatchObject({ created: 1, updated: 1, total: 2 });
    expect(Date.now() - Date.parse(body.lastSync.at)).toBeLessThan(120_000);
    const byTitle = new Map(body.items.map((p: { title: string }) => [p.title, p]));
    expect(byTitle.get('Stretch Strap Pro')).toMatchObject({
      source: 'shopify',
      imageUrl: 'https://cdn.shopify.com/strap.jpg',
      variantTitle: 'Blue',
      videoCount: 0,
    });
    expect(byTitle.get('Foam Roller')).toMatchObject({ source: 'local' });
  });

  it('says the store is embedded and never synced without Shopify, counts the videos, and refuses members', async () => {
    const band = await createProduct(plain.app, 'Resistance Band');
    await createVideo(plain.app, { productIds: [band.id] });
    await createVideo(plain.app, { productIds: [band.id] });
    const body = (await list(plain, plainAdmin.headers)).json();
    expect(body).toMatchObject({ store: 'embedded', lastSync: null });
    expect(body.items.find((p: { title: string }) => p.title === 'Resistance Band')).toMatchObject({
      source: 'local',
      videoCount: 2,
    });
    expect((await list(shop, member.headers)).statusCode).toBe(403);
  });
});
