import { API_PREFIX, billingEndpoints, ZOk, ZProblem } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { MarketingAnalytics } from '../../adapters/analytics';
import type { BillingProvider } from '../../adapters/billing';
import { isChargebeeWebhookAuthorized, parseChargebeeEvent } from '../../adapters/billing/chargebee';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { WEBHOOK_SECURITY } from '../../plugins/openapi';
import { processBillingEvent } from '../subscriptions/state';
import { type BillingContext, openPortal, reportChange, startCheckout } from './service';

export interface BillingRoutesOptions {
  provider: BillingProvider;
  analytics: MarketingAnalytics;
}

export const CHARGEBEE_WEBHOOK_PATH = `${API_PREFIX}/billing/webhooks/chargebee`;

/** Checkout and portal sessions, and Chargebee's webhook. */
export async function billingApiRoutes(app: FastifyInstance, opts: BillingRoutesOptions) {
  const ctx = (log: BillingContext['log']): BillingContext => ({
    db: app.db,
    provider: opts.provider,
    analytics: opts.analytics,
    config: app.config,
    log,
  });

  route(app, billingEndpoints.checkout, async (request) => {
    const { user } = request.caller;
    const page = await startCheckout(ctx(request.log), user, request.body);
    return { url: page.url, provider: opts.provider.kind };
  });

  route(app, billingEndpoints.portal, async (request) => {
    const { user } = request.caller;
    const page = await openPortal(ctx(request.log), user);
    return { url: page.url, provider: opts.provider.kind };
  });

  /**
   * Chargebee's webhook: Basic Auth always checked (the only proof of origin), deduplicated by event id,
   * ordered by resource_version, answered as soon as the event is stored and applied (one short transaction).
   */
  app.post(
    CHARGEBEE_WEBHOOK_PATH,
    {
      config: { rateLimit: false },
      schema: {
        summary: "Chargebee's webhook (HTTP Basic Auth)",
        tags: ['billing'],
        operationId: 'billing.chargebeeWebhook',
        security: WEBHOOK_SECURITY,
        response: { 200: ZOk, 400: ZProblem, 401: ZProblem },
      },
    },
    async (request, reply) => {
      const credentials = app.config.chargebee ?? { webhookUsername: '', webhookPassword: '' };
      if (!isChargebeeWebhookAuthorized(request.headers.authorization, credentials)) {
        reply.header('www-authenticate', 'Basic realm="billing-webhooks"');
        throw new AppError('UNAUTHENTICATED', 'Webhook authentication failed');
      }
      const event = parseChargebeeEvent(request.body);
      if (!event) throw new AppError('VALIDATION_FAILED', 'Not a Chargebee event');
      const change = await processBillingEvent(app.db, event);
      request.log.info(
        { eventId: event.id, type: event.type, outcome: change.outcome },
        'chargebee webhook processed',
      );
      reportChange(opts.analytics, change, event.id);
      return { ok: true as const, message: change.outcome };
    },
  );
}
