import { API_PREFIX } from '@dance/domain';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from './auth';

const ADMIN_PREFIX = `${API_PREFIX}/admin/`;

const guardAdmin: onRequestAsyncHookHandler = async (request) => {
  await requireAdmin(request);
};

/**
 * Every route under /api/v1/admin answers 401 without a session and 403 to a member before anything else
 * runs (validation included), whoever registers it: a route added later cannot forget the check, and a
 * refused caller learns nothing about the route's input rules. Handlers still call requireAdmin for the user.
 * The check is attached to admin routes as they are registered, so other routes pay nothing for it.
 */
export const adminGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (routeOptions) => {
    const url = routeOptions.url;
    if (!url.startsWith(ADMIN_PREFIX) && url !== ADMIN_PREFIX.slice(0, -1)) return;
    const own = routeOptions.onRequest;
    routeOptions.onRequest = [guardAdmin, ...(own ? (Array.isArray(own) ? own : [own]) : [])];
  });
});
