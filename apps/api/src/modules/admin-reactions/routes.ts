import { adminReactionEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { selectReactionPage, selectReactionStats } from './queries';

/** The admin's reaction reports (spec 3 §2 /AdminDashboard/Reaction and reaction-stats): reads only. */
export async function adminReactionRoutes(app: FastifyInstance) {
  route(app, adminReactionEndpoints.list, async (request) => {
    const { search, page, pageSize, sort, instructors, categories } = request.query;
    const { items, total } = await selectReactionPage(app.db, {
      search: search || undefined,
      instructorIds: instructors,
      categoryIds: categories,
      sort,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items, total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
  });

  route(app, adminReactionEndpoints.stats, async (request) => {
    const { groupBy, ids } = request.query;
    return { groupBy, groups: await selectReactionStats(app.db, groupBy, ids) };
  });
}
