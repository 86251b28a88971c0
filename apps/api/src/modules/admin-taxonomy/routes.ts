import { adminCategoryEndpoints, adminTagEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { selectCategories, selectTags } from './queries';
import {
  createCategory,
  createTag,
  editTag,
  moveVideosOfCategory,
  removeCategory,
  removeTag,
} from './service';

export async function adminTaxonomyRoutes(app: FastifyInstance) {
  route(app, adminCategoryEndpoints.list, async () => {
    return { items: await selectCategories(app.db) };
  });

  route(app, adminCategoryEndpoints.create, async (request) => {
    return createCategory(app.db, request, request.caller.user.id, request.body.name);
  });

  route(app, adminCategoryEndpoints.moveVideos, async (request) => {
    return moveVideosOfCategory(
      app.db,
      request,
      request.caller.user.id,
      request.params.id,
      request.body.toCategoryId,
    );
  });

  route(app, adminCategoryEndpoints.remove, async (request) => {
    const { id } = request.params;
    await removeCategory(app.db, request, request.caller.user.id, id);
    return { id };
  });

  route(app, adminTagEndpoints.list, async () => {
    return { items: await selectTags(app.db) };
  });

  route(app, adminTagEndpoints.create, async (request) => {
    return createTag(app.db, request, request.caller.user.id, request.body);
  });

  route(app, adminTagEndpoints.update, async (request) => {
    await editTag(app.db, request, request.caller.user.id, request.params.id, request.body);
    return { items: await selectTags(app.db) };
  });

  route(app, adminTagEndpoints.remove, async (request) => {
    const { id } = request.params;
    await removeTag(app.db, request, request.caller.user.id, id);
    return { id };
  });
}
