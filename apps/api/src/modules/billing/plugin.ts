import { API_PREFIX } from '@dance/domain';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { billingApiRoutes } from './routes';
import { sandboxPageRoutes } from './sandbox-routes';

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

/** Plans and checkout (issue 6), and the sandbox's hosted pages when the sandbox is the provider. */
export const billingRoutes = fp(async (app: FastifyInstance) => {
  // The provider and analytics are services decorated on the root by app.ts.
  const { billing: provider, analytics } = app;
  await app.register(billingApiRoutes, { provider, analytics });
  if (provider.kind === 'sandbox') await app.register(sandboxPageRoutes, { analytics });
});
