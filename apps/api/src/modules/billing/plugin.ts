import { API_PREFIX } from '@dance/domain';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { MarketingAnalytics } from '../../adapters/analytics';
import type { BillingProvider } from '../../adapters/billing';
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

/**
 * "Lead": a completed sign-up (the auth module stays unaware of marketing). Registered before the auth routes;
 * the hook is attached to the two sign-up routes only, so other answers pay nothing for it.
 */
export const leadTrackingPlugin = fp(async (app: FastifyInstance) => {
  const trackLead: onResponseHookHandler = (request, reply, done) => {
    if (reply.statusCode === 201) app.analytics.track({ name: 'Lead', eventId: `lead-${request.id}` });
    done();
  };
  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.method !== 'POST' || !SIGN_UP_PATHS.has(routeOptions.url)) return;
    const own = routeOptions.onResponse;
    routeOptions.onResponse = [...(own ? (Array.isArray(own) ? own : [own]) : []), trackLead];
  });
});

/**
 * Plans, billing, account and studio seats (issue 6): the billing provider (Chargebee or the sandbox), the
 * marketing pixel, and their routes.
 */
export const billingRoutes = fp(async (app: FastifyInstance) => {
  // The provider and analytics are services decorated on the root by app.ts.
  const { billing: provider, analytics } = app;

  app.addHook('onClose', async () => analytics.flush());

  await app.register(billingApiRoutes, { provider, analytics });
  await app.register(subscriptionRoutes);
  await app.register(accountRoutes);
  await app.register(studioSeatRoutes);
  if (provider.kind === 'sandbox') await app.register(sandboxPageRoutes, { analytics });
});
