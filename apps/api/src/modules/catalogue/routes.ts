import { catalogueEndpoints, MESSAGES, policy, todayInNewYork } from '@dance/domain';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories, instructors, products, savedVideos, tags, videos } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { route } from '../../lib/route';
import { getViewer, requireSession } from '../../plugins/auth';
import { toCards } from './cards';
import { buildHome } from './home';
import { selectVideoPage } from './queries';
import { searchVideos } from './search';

const LOOKUP_LIMIT = 50;
/** Escapes LIKE wildcards in user input. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function catalogueRoutes(app: FastifyInstance) {
  route(app, catalogueEndpoints.home, async (request) => {
    const viewer = await getViewer(request);
    return buildHome(app.db, viewer?.id ?? null, todayInNewYork());
  });

  route(app, catalogueEndpoints.categories, async () => ({
    items: await app.db
      .select({ id: categories.id, name: categories.name, routePath: categories.routePath })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
  }));

  route(app, catalogueEndpoints.tags, async (request) => {
    const q = request.query.query;
    return {
      items: await app.db
        .select({ id: tags.id, name: tags.name, color: tags.color, priority: tags.priority })
        .from(tags)
        .where(q ? ilike(tags.name, likePattern(q)) : undefined)
        .orderBy(asc(tags.priority))
        .limit(q ? LOOKUP_LIMIT : 5000),
    };
  });

  route(app, catalogueEndpoints.instructors, async (request) => {
    const q = request.query.query;
    return {
      items: await app.db
        .select({ id: instructors.id, name: instructors.name, imageUrl: instructors.imageUrl })
        .from(instructors)
        .where(q ? ilike(instructors.name, likePattern(q)) : undefined)
        .orderBy(asc(sql`lower(${instructors.name})`))
        .limit(LOOKUP_LIMIT),
    };
  });

  route(app, catalogueEndpoints.products, async (request) => {
    const q = request.query.query;
    const rows = await app.db
      .select()
      .from(products)
      .where(
        q ? or(ilike(products.title, likePattern(q)), ilike(products.subname, likePattern(q))) : undefined,
      )
      .orderBy(asc(products.title))
      .limit(LOOKUP_LIMIT);
    return {
      items: rows.map((p) => ({
        id: p.id,
        title: p.title,
        subname: p.subname,
        imageUrl: p.images[0]?.src ?? null,
      })),
    };
  });

  route(app, catalogueEndpoints.listVideos, async (request) => {
    const viewer = await getViewer(request);
    const q = request.query;
    let kind = q.kind;
    if (q.category) {
      const [category] = await app.db
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.id, q.category));
      if (!category) throw notFound('Unknown category');
    }
    // Class videos (CLASSES) are for users with a user type, and admins (spec 1 §6).
    if (kind === 'class') {
      if (!viewer) throw unauthenticated();
      if (!policy.canOpenClasses(viewer))
        throw new AppError('FORBIDDEN', 'Classes are part of a plan. Choose a plan to unlock them.');
    } else if (!kind && !q.category) {
      kind = 'library';
    }
    const { rows, total } = await selectVideoPage(
      app.db,
      {
        categoryId: q.category,
        kind,
        tags: q.tags,
        durations: q.durations,
        levels: q.levels,
        instructors: q.instructors,
        products: q.products,
      },
      q.sort,
      { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, seed: q.seed },
    );
    return {
      items: await toCards(app.db, rows, viewer?.id ?? null),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  route(app, catalogueEndpoints.searchVideos, async (request) => {
    const viewer = await getViewer(request);
    const q = request.query;
    const { rows, total } = await searchVideos(app.db, q.q, q.sort, {
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      items: await toCards(app.db, rows, viewer?.id ?? null),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  route(app, catalogueEndpoints.listSaved, async (request) => {
    const { user } = await requireSession(request);
    const q = request.query;
    const { rows, total } = await selectVideoPage(
      app.db,
      {
        savedBy: user.id,
        tags: q.tags,
        durations: q.durations,
        levels: q.levels,
        instructors: q.instructors,
        products: q.products,
      },
      q.sort,
      { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, seed: q.seed },
    );
    return { items: await toCards(app.db, rows, user.id), total, page: q.page, pageSize: q.pageSize };
  });

  route(app, catalogueEndpoints.savedIds, async (request) => {
    const { user } = await requireSession(request);
    const rows = await app.db
      .select({ videoId: savedVideos.videoId })
      .from(savedVideos)
      .where(eq(savedVideos.userId, user.id));
    return { videoIds: rows.map((r) => r.videoId) };
  });

  route(app, catalogueEndpoints.saveVideo, async (request) => {
    const { user } = await requireSession(request);
    const { videoId } = request.params;
    const [video] = await app.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
    if (!video) throw notFound(MESSAGES.notFound);
    await app.db.insert(savedVideos).values({ userId: user.id, videoId }).onConflictDoNothing();
    return { videoId, isSaved: true as const };
  });

  route(app, catalogueEndpoints.unsaveVideo, async (request) => {
    const { user } = await requireSession(request);
    const { videoId } = request.params;
    await app.db
      .delete(savedVideos)
      .where(and(eq(savedVideos.userId, user.id), eq(savedVideos.videoId, videoId)));
    return { videoId, isSaved: false as const };
  });
}
