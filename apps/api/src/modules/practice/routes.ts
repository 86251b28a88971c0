import { practiceEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { practiceSummary, recordPractice, setGoal } from './service';

/** The member's practice log (issue 20 item 5): the player's reports, the weekly goal, the practice page. */
export async function practiceRoutes(app: FastifyInstance) {
  route(app, practiceEndpoints.report, async (request) =>
    recordPractice(app.db, request.caller.user.id, request.body),
  );

  route(app, practiceEndpoints.summary, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return practiceSummary(app.db, request.caller.user.id);
  });

  route(app, practiceEndpoints.setGoal, async (request) =>
    setGoal(app.db, request.caller.user.id, request.body),
  );
}
