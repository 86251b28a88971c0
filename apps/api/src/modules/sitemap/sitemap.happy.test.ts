import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { SITEMAP_CHANGEFREQ, SITEMAP_PRIORITY, SITEMAP_STATIC_PATHS } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { type EnumChangefreq, ErrorLevel, SitemapStream } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { playlistItems, playlists, sitemapFiles, videos } from '../../db/schema';
import { SitemapDocuments } from './documents';
import { SitemapPlan } from './entries';
import { sitemapRefreshJob } from './jobs';
import { acceptsGzip } from './routes';
import { renderSitemap } from './xml';

let t: TestApp;
let admin: Session;
let base = '';
const v: Record<string, string> = {};
let featuredId = '';
let personalId = '';
let urlsetXsd = '';
let indexXsd = '';

beforeAll(async () => {
  t = await createTestApp();
  base = t.app.config.memberAppUrl;
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  const member = await createUser(t.app);
  for (const title of ['Salsa & Bachata', 'Tango', 'Waltz'])
    v[title] = (await createVideo(t.app, { title })).id;
  v.unreleased = (await createVideo(t.app, { title: 'Next month', releasedDaysAgo: -30 })).id;
  const [featured] = await t.app.db.insert(playlists).values({ type: 'FPL', name: 'Featured' }).returning();
  const [personal] = await t.app.db
    .insert(playlists)
    .values({ type: 'PPL', name: 'Mine', ownerUserId: member.id })
    .returning();
  featuredId = featured!.id;
  personalId = personal!.id;
  await t.app.db.insert(playlistItems).values([
    { playlistId: featuredId, videoId: v.Tango!, position: 1 },
    { playlistId: featuredId, videoId: v.unreleased!, position: 2 },
    { playlistId: personalId, videoId: v.Waltz!, position: 1 },
  ]);
  // The sitemaps.org schema of a urlset, as the sitemap library ships it.
  const packageJson = createRequire(import.meta.url).resolve('sitemap/package.json');
  urlsetXsd = await readFile(join(dirname(packageJson), 'schema/sitemap.xsd'), 'utf8');
  indexXsd = await readFile(new URL('./siteindex.test.xsd', import.meta.url), 'utf8');
});
afterAll(() => t.close());

async function expectValid(xml: string, xsd: string) {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: 'schema.xsd', contents: xsd }],
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('GET /sitemap.xml', () => {
  it('lists the public pages, featured playlist items and released videos, valid against the sitemaps.org schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    await expectValid(res.body, urlsetXsd);
    const all = locs(res.body);
    expect(all.slice(0, SITEMAP_STATIC_PATHS.length)).toEqual(SITEMAP_STATIC_PATHS.map((p) => `${base}${p}`));
    expect(all).toContain(`${base}/featured-playlist-view/${featuredId}/${v.Tango}`);
    for (const title of ['Salsa & Bachata', 'Tango', 'Waltz'])
      expect(all).toContain(`${base}/PlayerPage?v=${v[title]}`);
    expect(all).toHaveLength(SITEMAP_STATIC_PATHS.length + 1 + 3);
    const entries = res.body.split('<url>').slice(1);
    for (const entry of entries) {
      expect(entry).toContain('<changefreq>weekly</changefreq>');
      expect(entry).toContain('<priority>0.8</priority>');
    }
    expect(entries.find((e) => e.includes(v.Tango!))).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('holds no private page: no personal playlist, account, saved or unreleased video', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).not.toContain(personalId);
    expect(xml).not.toContain(v.unreleased);
    for (const path of ['/account', '/saved', '/personal-playlist', '/studio-playlist'])
      expect(locs(xml).some((loc) => new URL(loc).pathname.startsWith(path))).toBe(false);
  });

  it('splits into files with an index past the per-file limit, each file valid', async () => {
    const plan = await SitemapPlan.load(t.app.db, 5);
    expect(plan.files).toBe(4); // 12 static + 1 featured + 3 videos = 16 entries
    const rendered = await renderSitemap(plan, base);
    await expectValid(rendered.root, indexXsd);
    expect(locs(rendered.root)).toEqual([1, 2, 3, 4].map((n) => `${base}/sitemaps/${n}.xml`));
    expect(rendered.root).toMatch(/<sitemap><loc>[^<]*<\/loc><lastmod>\d{4}-/);
    const parts: string[] = [];
    for (const xml of rendered.parts) {
      await expectValid(xml, urlsetXsd);
      expect(locs(xml).length).toBeLessThanOrEqual(5);
      parts.push(...locs(xml));
    }
    expect(rendered.parts).toHaveLength(4);
    const whole = locs((await renderSitemap(await SitemapPlan.load(t.app.db), base)).root);
    expect(parts).toEqual(whole);
    expect(new Set(parts).size).toBe(16);
  });

  it('writes the same entries as the sitemap library did, in the same order', async () => {
    // The sitemap library wrote each file before decision 0053; its output is the reference.
    const plan = await SitemapPlan.load(t.app.db);
    const items = async function* () {
      for await (const entry of plan.entries())
        yield {
          url: `${base}${entry.path}`,
          changefreq: SITEMAP_CHANGEFREQ as EnumChangefreq,
          priority: SITEMAP_PRIORITY,
          ...(entry.lastmod ? { lastmod: entry.lastmod } : {}),
        };
    };
    const stream = Readable.from(items()).pipe(
      new SitemapStream({
        hostname: base,
        level: ErrorLevel.THROW,
        xmlns: { news: false, video: false, image: false, xhtml: false },
      }),
    );
    let reference = '';
    for await (const chunk of stream) reference += String(chunk);
    const urls = (xml: string) =>
      [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => m[1]!.replace(/\s+/g, ''));
    const ours = (await renderSitemap(plan, base)).root;
    expect(urls(ours)).toEqual(urls(reference));
    expect(urls(ours)).toHaveLength(16);
  });

  it('serves the parts and refuses a file that does not exist', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/sitemaps/1.xml' });
    expect(one.statusCode).toBe(200);
    await expectValid(one.body, urlsetXsd);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/x.xml' })).statusCode).toBe(404);
  });

  it('robots.txt points to the sitemap and keeps crawlers off private pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /account');
  });
});

describe('the stored sitemap (decision 0053)', () => {
  it('answers gzip with an ETag and Last-Modified, and 304 to a client that has it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br, gzip;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const xml = gunzipSync(res.rawPayload).toString('utf8');
    await expectValid(xml, urlsetXsd);
    const plain = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(plain.body).toBe(xml);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-modified-since': String(res.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
    const other = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': '"x"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('is generated once per state of the catalogue and follows its changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const [stored] = await t.app.db.select().from(sitemapFiles).where(eq(sitemapFiles.file, 0));
    await t.app.inject({ method: 'GET', url: '/sitemaps/1.xml' });
    const [same] = await t.app.db.select().from(sitemapFiles).where(eq(sitemapFiles.file, 0));
    // Read again, not written again: the stamp had not moved.
    expect(same!.stamp).toBe(stored!.stamp);
    expect(same!.modifiedAt).toEqual(stored!.modifiedAt);
    expect(await new SitemapDocuments(t.app.db, base).refresh()).toBe(false);

    const added = await createVideo(t.app, { title: 'Rumba' });
    // The stored files answer until the job has regenerated them.
    const during = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(during.body).toBe(first.body);
    await sitemapRefreshJob.handler(t.app, {} as never);
    const after = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(after.body)).toContain(`${base}/PlayerPage?v=${added.id}`);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const routes = (await t.app.inject({ method: 'GET', url: '/api/v1/sitemap/routes' })).json().routes;
    expect(routes).toContain(`/PlayerPage?v=${added.id}`);

    // A featured playlist's change is not a catalogue table's: the stamp follows it too.
    await t.app.db.delete(playlistItems).where(eq(playlistItems.videoId, v.Tango!));
    expect(await new SitemapDocuments(t.app.db, base).refresh()).toBe(true);
    const [row] = await t.app.db.select().from(sitemapFiles).where(eq(sitemapFiles.file, 0));
    expect(gunzipSync(row!.body).toString('utf8')).not.toContain(`/featured-playlist-view/${featuredId}/`);
    await t.app.db.insert(playlistItems).values({ playlistId: featuredId, videoId: v.Tango!, position: 1 });
    await t.app.db.delete(videos).where(eq(videos.id, added.id));

    // The job regenerates what is stale, so that crawlers read stored files.
    await sitemapRefreshJob.handler(t.app, {} as never);
    const [fresh] = await t.app.db.select().from(sitemapFiles).where(eq(sitemapFiles.file, 0));
    const xml = gunzipSync(fresh!.body).toString('utf8');
    expect(xml).toContain(`/featured-playlist-view/${featuredId}/${v.Tango}`);
    expect(xml).not.toContain(added.id);
    expect(await new SitemapDocuments(t.app.db, base).refresh()).toBe(false);
  });

  it('reads Accept-Encoding as HTTP says', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('the routes as JSON and the admin screen', () => {
  it('GET /sitemap/routes lists the same paths to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sitemap/routes' });
    expect(res.statusCode).toBe(200);
    const { routes } = res.json();
    expect(routes[0]).toBe('/');
    expect(routes).toContain(`/PlayerPage?v=${v.Waltz}`);
    expect(routes).toHaveLength(16);
  });

  it('GET /admin/sitemap answers the XML for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/sitemap', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ url: `${base}/sitemap.xml`, files: 1, entries: 16 });
    await expectValid(body.xml, urlsetXsd);
    expect(body.xml).toContain(`${base}/PlayerPage?v=${v['Salsa & Bachata']}`);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/sitemap?file=2',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const member = await logInAs(t.app, (await createUser(t.app)).email);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/sitemap' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/sitemap', headers: member.headers }))
        .statusCode,
    ).toBe(403);
  });
});
