import { adminUserEndpoints, MESSAGES } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { selectAdminUserPage } from './queries';
import { editUser, removeUser, removeUsers } from './service';

export async function adminUserRoutes(app: FastifyInstance) {
  route(app, adminUserEndpoints.list, async (request) => {
    const { search, page, pageSize, kind, status } = request.query;
    const { items, total } = await selectAdminUserPage(app.db, {
      search: search || undefined,
      kind,
      status,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items, total, page, pageSize };
  });

  route(app, adminUserEndpoints.update, async (request) => {
    const { userId } = request.params;
    const user = await editUser(app.db, request, request.caller.user.id, userId, request.body);
    return { user, message: MESSAGES.userUpdated };
  });

  route(app, adminUserEndpoints.bulkDelete, async (request) => {
    const deleted = await removeUsers(app.db, request, request.caller.user.id, request.body.userIds);
    return { deleted, message: deleted === 1 ? '1 user deleted' : `${deleted} users deleted` };
  });

  route(app, adminUserEndpoints.remove, async (request) => {
    const { userId } = request.params;
    await removeUser(app.db, request, request.caller.user.id, userId);
    return { id: userId, message: MESSAGES.userDeleted };
  });
}
