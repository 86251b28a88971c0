import { billingEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readSubscriptionState } from './access';

/** GET /account/subscription: the state every gate reads. A missing session is 401 (the app then logs out). */
export async function subscriptionRoutes(app: FastifyInstance) {
  route(app, billingEndpoints.subscription, async (request, reply) => {
    const { user } = request.caller;
    reply.header('cache-control', 'no-store');
    return readSubscriptionState(app.db, user);
  });
}
