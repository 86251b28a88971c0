import { devEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { listOutboxMails } from './queries';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The connection's own peer address, never a forwarded header a client could write. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopbackPeer = (address: string | undefined) => address !== undefined && LOOPBACK.has(address);

/**
 * Development and test only (never registered in production, nor when SMTP is configured): the mail
 * outbox as JSON for tests and as a page where reset and invitation links can be followed.
 * It holds password-reset and invitation links, so it answers only connections from this machine: a staging
 * host started without NODE_ENV=production and reachable on 0.0.0.0 must not hand its reset links to anyone
 * (a proxied request counts as the proxy's, so behind a proxy it is simply not found).
 */
export async function devRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackPeer(request.socket.remoteAddress) || request.headers['x-forwarded-for']) throw notFound();
  });

  route(app, devEndpoints.listOutbox, async (request) => ({
    mails: await listOutboxMails(app.db, request.query.to),
  }));

  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutboxMails(app.db);
    const items = mails
      .map(
        (
          m,
        ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${new Date(m.createdAt).toLocaleString()}</span></header>
<pre>${escapeHtml(m.text)}</pre><nav>${m.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('')}</nav></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d1b2e}h1{font-size:1.4rem}article{border:1px solid #e3dbe8;border-radius:12px;padding:1rem;margin:1rem 0}header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}header span{color:#666;font-size:.85rem}pre{white-space:pre-wrap;background:#faf7fb;padding:.75rem;border-radius:8px}nav a{display:block;color:#be3674;word-break:break-all;margin:.25rem 0}</style></head>
<body><h1>Development outbox</h1><p>Mail the API would have sent (no SMTP_URL is set). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
