import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MarketingAnalytics } from '../../adapters/analytics';
import { renderExpiredPage } from '../../adapters/billing/sandbox/html';
import { SANDBOX_BASE_PATH } from '../../adapters/billing/sandbox/provider';
import { cardRefusal, checkoutPageHtml, portalPageHtml } from './sandbox-pages';
import {
  completeSandboxCheckout,
  findHostedPage,
  parsePortalAction,
  runPortalAction,
} from './sandbox-service';

const ZPageParams = z.object({ id: z.string().regex(/^sbx_[A-Za-z0-9_-]{20,80}$/) });

/**
 * The sandbox's hosted checkout and portal pages (HTML forms, no script). Opened by their unguessable id
 * like a provider's hosted page; each action goes through the subscription state machine.
 */
export async function sandboxPageRoutes(app: FastifyInstance, opts: { analytics: MarketingAnalytics }) {
  const ctx = { db: app.db, analytics: opts.analytics };
  const memberOrigin = new URL(app.config.memberAppUrl).origin;

  // HTML forms post urlencoded bodies; only these routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${memberOrigin}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .type('text/html; charset=utf-8')
      .send(html);

  const params = (raw: unknown) => ZPageParams.safeParse(raw);
  const expired = (reply: FastifyReply) =>
    sendHtml(reply, renderExpiredPage(`${app.config.memberAppUrl}/account`), 404);

  app.get(`${SANDBOX_BASE_PATH}/checkout/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params(request.params);
    const html = parsed.success ? await checkoutPageHtml(app.db, parsed.data.id) : null;
    return html ? sendHtml(reply, html) : expired(reply);
  });

  app.post(`${SANDBOX_BASE_PATH}/checkout/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params(request.params);
    if (!parsed.success) return expired(reply);
    const open = await findHostedPage(app.db, parsed.data.id, ['checkout_new', 'checkout_existing']);
    if (!open) return expired(reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const refusal = open.page.state === 'created' ? cardRefusal(form.cardNumber) : null;
    if (refusal) {
      const html = await checkoutPageHtml(app.db, parsed.data.id, refusal);
      return html ? sendHtml(reply, html, 402) : expired(reply);
    }
    await completeSandboxCheckout(ctx, open);
    const separator = open.page.redirectUrl.includes('?') ? '&' : '?';
    request.log.info({ page: open.page.id, plan: open.page.planId }, 'sandbox checkout paid');
    return reply.redirect(`${open.page.redirectUrl}${separator}id=${open.page.id}&state=succeeded`, 303);
  });

  app.get(`${SANDBOX_BASE_PATH}/portal/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params(request.params);
    const { notice, confirm } = request.query as { notice?: unknown; confirm?: unknown };
    const html = parsed.success
      ? await portalPageHtml(
          app.db,
          parsed.data.id,
          typeof notice === 'string' ? notice.slice(0, 200) : undefined,
          confirm === 'cancel',
        )
      : null;
    return html ? sendHtml(reply, html) : expired(reply);
  });

  app.post(`${SANDBOX_BASE_PATH}/portal/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params(request.params);
    if (!parsed.success) return expired(reply);
    const open = await findHostedPage(app.db, parsed.data.id, ['portal']);
    if (!open) return expired(reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    // "Cancel subscription" asks first (the page says until when access lasts); its "Yes" posts `cancel`.
    if (form.action === 'cancel-ask')
      return reply.redirect(`${SANDBOX_BASE_PATH}/portal/${parsed.data.id}?confirm=cancel`, 303);
    const action = parsePortalAction(form);
    const notice = action ? await runPortalAction(ctx, open, action) : 'Unknown action.';
    return reply.redirect(
      `${SANDBOX_BASE_PATH}/portal/${parsed.data.id}?notice=${encodeURIComponent(notice)}`,
      303,
    );
  });
}
