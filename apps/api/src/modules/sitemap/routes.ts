import { adminSitemapEndpoints, sitemapEndpoints } from '@dance/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { route, sendSerialised } from '../../lib/route';
import { gunzipText, ROUTES_FILE, type SitemapDocument, SitemapDocuments } from './documents';
import { robotsTxt } from './robots';
import { sitemapFileUrl } from './xml';

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep a sitemap for an hour; a CDN in front of the API as well. */
const CACHE = 'public, max-age=3600';

/** True when the client takes gzip (Accept-Encoding names gzip or *, with a weight above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** True when the client's copy (If-None-Match, else If-Modified-Since) is the current one. */
function isFresh(request: FastifyRequest, doc: SitemapDocument): boolean {
  const match = request.headers['if-none-match'];
  if (match)
    return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === doc.etag || tag.trim() === '*');
  const since = request.headers['if-modified-since'];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && Math.floor(doc.modifiedAt.getTime() / 1000) * 1000 <= sinceMs;
}

/** A stored file with its validators: 304 when the client has it, gzipped when it takes gzip. */
async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: SitemapDocument,
  type: string,
) {
  reply
    .type(type)
    .header('cache-control', CACHE)
    .header('etag', doc.etag)
    .header('last-modified', doc.modifiedAt.toUTCString())
    .header('vary', 'Accept-Encoding');
  if (isFresh(request, doc)) return reply.code(304).send();
  if (acceptsGzip(request.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').send(doc.gzipped);
  return reply.send(Buffer.from(await gunzipText(doc), 'utf8'));
}

/**
 * The sitemap (issue 18): /sitemap.xml, its parts /sitemaps/{n}.xml and /robots.txt, served on the member host
 * (the Vite proxy in development, Caddy in production), and the same routes as JSON (spec: getAllRoutes) and as
 * the admin's /sitemap screen sees them. Every file is read whole from `sitemap_files` (decision 0053).
 */
export async function sitemapRoutes(app: FastifyInstance) {
  const base = app.config.memberAppUrl;
  const documents = new SitemapDocuments(app.db, base);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const doc = await documents.get(0);
    if (!doc) throw new AppError('NOT_FOUND', 'No sitemap');
    return sendDocument(request, reply, doc, XML);
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const doc = match ? await documents.get(Number(match[1])) : null;
      if (!doc) throw new AppError('NOT_FOUND', 'No such sitemap file');
      return sendDocument(request, reply, doc, XML);
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(base)),
  );

  // The stored JSON was written from the same entries; it is sent as it is (no per-request serialisation), with
  // its validators for a cache in front (route() answers 200 itself, so no 304 here).
  route(app, sitemapEndpoints.routes, async (request, reply) => {
    const doc = await documents.get(ROUTES_FILE);
    if (!doc) throw new AppError('NOT_FOUND', 'No sitemap');
    reply
      .header('cache-control', CACHE)
      .header('etag', doc.etag)
      .header('last-modified', doc.modifiedAt.toUTCString())
      .header('vary', 'Accept-Encoding');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      return sendSerialised(reply, doc.gzipped);
    }
    return sendSerialised(reply, await gunzipText(doc));
  });

  route(app, adminSitemapEndpoints.get, async (request) => {
    const { file } = request.query;
    const doc = await documents.get(file);
    if (!doc) throw new AppError('NOT_FOUND', 'No such sitemap file');
    return {
      url: file === 0 ? `${base}/sitemap.xml` : sitemapFileUrl(base, file),
      files: doc.files,
      entries: doc.entries,
      xml: await gunzipText(doc),
    };
  });
}
