import { MESSAGES, studioSeatEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { ResolvedSession } from '../auth/sessions';
import {
  addSubUser,
  assertStudioOwner,
  deleteSubUser,
  listSubUsers,
  readSeatSummary,
  toSubUser,
  updateSubUser,
} from './service';

/** The studio owner's seats: summary, sub-users, add (with invitation), edit names, remove. */
export async function studioSeatRoutes(app: FastifyInstance) {
  const owner = ({ user }: ResolvedSession) => {
    assertStudioOwner(user);
    return user;
  };

  route(app, studioSeatEndpoints.seats, async (request, reply) => {
    const user = owner(request.caller);
    reply.header('cache-control', 'no-store');
    return readSeatSummary(app.db, user.id);
  });

  route(app, studioSeatEndpoints.list, async (request, reply) => {
    const user = owner(request.caller);
    reply.header('cache-control', 'no-store');
    const subUsers = await listSubUsers(app.db, user.id);
    return {
      owner: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      subUsers: subUsers.map(toSubUser),
    };
  });

  route(app, studioSeatEndpoints.add, async (request) => {
    const user = owner(request.caller);
    const created = await addSubUser(
      { db: app.db, mail: app.mail, config: app.config, log: request.log },
      user,
      request.body,
    );
    return { subUser: toSubUser(created), message: MESSAGES.userAdded };
  });

  route(app, studioSeatEndpoints.update, async (request) => {
    const user = owner(request.caller);
    const updated = await updateSubUser(app.db, user, request.params.subUserId, request.body);
    return { subUser: toSubUser(updated), message: MESSAGES.userUpdated };
  });

  route(app, studioSeatEndpoints.remove, async (request) => {
    const user = owner(request.caller);
    await deleteSubUser(app.db, user, request.params.subUserId);
    return { message: MESSAGES.userDeleted };
  });
}
