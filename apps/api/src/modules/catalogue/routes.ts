import { catalogueEndpoints, isAdmin, memberFilterTags, type Viewer } from '@dance/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route, sendSerialised } from '../../lib/route';
import { viewerOf } from '../../plugins/auth';
import { createCatalogueAnswers, type StampedPage } from './answers';
import {
  selectCategories,
  selectInstructorsMatching,
  selectProductsMatching,
  selectSavedIds,
  selectTagsMatching,
  unsaveVideo,
} from './queries';
import { listKindFor, savedVideosPage, saveVideoFor } from './service';

export async function catalogueRoutes(app: FastifyInstance) {
  const answers = createCatalogueAnswers(app);
  const { guestAnswers } = answers;
  const onRequest = guestAnswers.onRequest;
  /** A member gets the shared page with their saved flags; a guest gets its stored bytes, kept for the URL. */
  const answerPage = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Viewer,
    { stamp, answer }: StampedPage,
  ): Promise<T> | T => {
    if (viewer) return answers.withSavedFlags(answer.body, viewer.id) as Promise<T>;
    guestAnswers.store(request, stamp, answer.json);
    return sendSerialised<T>(reply, answer.json);
  };

  route(app, catalogueEndpoints.home, async (request) => answers.home(viewerOf(request.caller)?.id ?? null));

  route(app, catalogueEndpoints.categories, async () => ({ items: await selectCategories(app.db) }));

  // Admins tag videos with every tag; members are not offered the internal ones as filters.
  route(app, catalogueEndpoints.tags, async (request) => {
    const items = await selectTagsMatching(app.db, request.query.query);
    return { items: isAdmin(viewerOf(request.caller)) ? items : memberFilterTags(items) };
  });

  route(app, catalogueEndpoints.instructors, async (request) => ({
    items: await selectInstructorsMatching(app.db, request.query.query),
  }));

  route(app, catalogueEndpoints.products, async (request) => ({
    items: await selectProductsMatching(app.db, request.query.query),
  }));

  route(
    app,
    catalogueEndpoints.listVideos,
    async (request, reply) => {
      const viewer = viewerOf(request.caller);
      const kind = listKindFor(viewer, request.query);
      return answerPage(request, reply, viewer, await answers.videoPage(request.query, kind));
    },
    { onRequest },
  );

  route(
    app,
    catalogueEndpoints.searchVideos,
    async (request, reply) =>
      answerPage(request, reply, viewerOf(request.caller), await answers.searchPage(request.query)),
    { onRequest },
  );

  route(app, catalogueEndpoints.listSaved, async (request) =>
    savedVideosPage(app.db, request.caller.user.id, request.query),
  );

  route(app, catalogueEndpoints.savedIds, async (request) => ({
    videoIds: await selectSavedIds(app.db, request.caller.user.id),
  }));

  route(app, catalogueEndpoints.saveVideo, async (request) => {
    const { videoId } = request.params;
    await saveVideoFor(app.db, request.caller.user.id, videoId);
    return { videoId, isSaved: true as const };
  });

  route(app, catalogueEndpoints.unsaveVideo, async (request) => {
    const { videoId } = request.params;
    await unsaveVideo(app.db, request.caller.user.id, videoId);
    return { videoId, isSaved: false as const };
  });
}
