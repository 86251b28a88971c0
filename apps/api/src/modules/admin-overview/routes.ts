import { adminOverviewEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readOverview } from './service';

/** The admin's business overview (issue 18): the first tab of the dashboard. */
export async function adminOverviewRoutes(app: FastifyInstance) {
  route(app, adminOverviewEndpoints.get, async (request) => readOverview(app.db, request.query));
}
