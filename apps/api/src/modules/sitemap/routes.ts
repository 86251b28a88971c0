import { adminSitemapEndpoints, sitemapEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { SitemapPlan } from './entries';
import { robotsTxt } from './robots';
import { sitemapFileUrl, sitemapRootStream, streamToText, urlsetStream } from './xml';

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep a sitemap for an hour; a CDN in front of the API as well. */
const CACHE = 'public, max-age=3600';

/**
 * The sitemap (issue 18): /sitemap.xml, its parts /sitemaps/{n}.xml and /robots.txt, served on the member host
 * (the Vite proxy in development, Caddy in production), and the same routes as JSON (spec: getAllRoutes) and as
 * the admin's /sitemap screen sees them.
 */
export async function sitemapRoutes(app: FastifyInstance) {
  const base = app.config.memberAppUrl;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const plan = await SitemapPlan.load(app.db);
    return reply.type(XML).header('cache-control', CACHE).send(sitemapRootStream(plan, base));
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const plan = await SitemapPlan.load(app.db);
      const n = match ? Number(match[1]) : 0;
      if (n < 1 || n > plan.files) throw new AppError('NOT_FOUND', 'No such sitemap file');
      return reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(urlsetStream(plan, base, n));
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(base)),
  );

  route(app, sitemapEndpoints.routes, async () => {
    const plan = await SitemapPlan.load(app.db);
    const routes: string[] = [];
    for await (const entry of plan.entries()) routes.push(entry.path);
    return { routes };
  });

  route(app, adminSitemapEndpoints.get, async (request) => {
    const plan = await SitemapPlan.load(app.db);
    const { file } = request.query;
    if (file > plan.files) throw new AppError('NOT_FOUND', 'No such sitemap file');
    const stream = file === 0 ? sitemapRootStream(plan, base) : urlsetStream(plan, base, file);
    return {
      url: file === 0 ? `${base}/sitemap.xml` : sitemapFileUrl(base, file),
      files: plan.files,
      entries: plan.total,
      xml: await streamToText(stream),
    };
  });
}
