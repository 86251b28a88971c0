import { API_PREFIX } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPixelAnalytics, type MarketingAnalytics } from '../../adapters/analytics';
import { type BillingProvider, createBillingProvider } from '../../adapters/billing';
import { accountRoutes } from '../account/routes';
import { studioSeatRoutes } from '../studio-seats/routes';
import { subscriptionRoutes } from '../subscriptions/routes';
import { billingApiRoutes } from './routes';
import { sandboxPageRoutes } from './sandbox-routes';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider;
    analytics: MarketingAnalytics;
  }
}

const SIGN_UP_PATHS = new Set([`${API_PREFIX}/auth/signup`, `${API_PREFIX}/auth/studio-signup`]);

export interface BillingPluginOptions {
  /** Tests inject a provider or analytics of their own. */
  provider?: BillingProvider;
  analytics?: MarketingAnalytics;
}

/**
 * Plans, billing, account and studio seats (issue 6): the billing provider (Chargebee or the sandbox), the
 * marketing pixel, and their routes.
 */
export const billingRoutes = fp(async (app: FastifyInstance, opts: BillingPluginOptions) => {
  const provider = opts.provider ?? createBillingProvider(app.config, app.db);
  const analytics = opts.analytics ?? createPixelAnalytics(app.config.metaPixelId, app.log);
  app.decorate('billing', provider);
  app.decorate('analytics', analytics);

  // "Lead": a completed sign-up (the auth module stays unaware of marketing).
  app.addHook('onResponse', async (request, reply) => {
    if (
      request.method === 'POST' &&
      reply.statusCode === 201 &&
      SIGN_UP_PATHS.has(request.routeOptions.url ?? '')
    ) {
      analytics.track({ name: 'Lead', eventId: `lead-${request.id}` });
    }
  });
  app.addHook('onClose', async () => analytics.flush());

  await app.register(billingApiRoutes, { provider, analytics });
  await app.register(subscriptionRoutes);
  await app.register(accountRoutes);
  await app.register(studioSeatRoutes);
  if (provider.kind === 'sandbox') await app.register(sandboxPageRoutes, { analytics });
});
