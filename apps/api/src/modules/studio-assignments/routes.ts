import { studioAssignmentEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { ResolvedSession } from '../auth/sessions';
import { assertStudioOwner } from '../studio-seats/service';
import {
  createAssignment,
  listMyAssignments,
  listStudioAssignments,
  remind,
  removeAssignment,
} from './service';

/** Studio assignments (issue 20 item 6): the owner assigns, follows and reminds; a dancer sees their own. */
export async function studioAssignmentRoutes(app: FastifyInstance) {
  const owner = ({ user }: ResolvedSession) => {
    assertStudioOwner(user);
    return user;
  };

  route(app, studioAssignmentEndpoints.list, async (request, reply) => {
    const user = owner(request.caller);
    reply.header('cache-control', 'no-store');
    return { assignments: await listStudioAssignments(app.db, user.id) };
  });

  route(app, studioAssignmentEndpoints.create, async (request) => {
    const user = owner(request.caller);
    return createAssignment(app, user, request.body);
  });

  route(app, studioAssignmentEndpoints.remove, async (request) => {
    const user = owner(request.caller);
    return removeAssignment(app.db, user.id, request.params.assignmentId);
  });

  route(app, studioAssignmentEndpoints.remind, async (request) => {
    const user = owner(request.caller);
    return remind(
      { db: app.db, jobs: app.jobs, mail: app.mail, config: app.config, log: request.log },
      user,
      request.params.assignmentId,
      request.body.subUserIds,
    );
  });

  route(app, studioAssignmentEndpoints.mine, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { assignments: await listMyAssignments(app.db, request.caller.user.id) };
  });
}
