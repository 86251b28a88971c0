import { adminInstructorEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { selectInstructors } from './queries';
import { createInstructor, editInstructor, removeInstructor } from './service';

export async function adminInstructorRoutes(app: FastifyInstance) {
  route(app, adminInstructorEndpoints.list, async () => {
    return { items: await selectInstructors(app.db) };
  });

  route(app, adminInstructorEndpoints.create, async (request) => {
    return createInstructor(app.db, request, request.caller.user.id, request.body);
  });

  route(app, adminInstructorEndpoints.update, async (request) => {
    return editInstructor(app.db, request, request.caller.user.id, request.params.id, request.body);
  });

  route(app, adminInstructorEndpoints.remove, async (request) => {
    const { id } = request.params;
    await removeInstructor(app.db, request, request.caller.user.id, id);
    return { id };
  });
}
