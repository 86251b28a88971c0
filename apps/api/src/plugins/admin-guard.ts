import { API_PREFIX } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from './auth';

const ADMIN_PREFIX = `${API_PREFIX}/admin/`;

/**
 * Every route under /api/v1/admin answers 401 without a session and 403 to a member before anything else
 * runs (validation included), whoever registers it: a route added later cannot forget the check, and a
 * refused caller learns nothing about the route's input rules. Handlers still call requireAdmin for the user.
 */
export const adminGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url && (url.startsWith(ADMIN_PREFIX) || url === ADMIN_PREFIX.slice(0, -1)))
      await requireAdmin(request);
  });
});
