import {
  catalogueEndpoints,
  MESSAGES,
  policy,
  type THome,
  type TVideoCard,
  type Viewer,
} from '@dance/domain';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { categories, instructors, products, savedVideos, tags, videos } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { route, sendSerialised } from '../../lib/route';
import { viewerOf } from '../../plugins/auth';
import { createReleaseDay, createVersionReader, ExpiringLru, remember } from './cache';
import { toCards } from './cards';
import { createGuestAnswers } from './guest-answers';
import { buildMemberHome, buildPublicHome } from './home';
import { type IdList, selectIdList, selectSavedAmong, selectVideoPage, type VideoFilters } from './queries';
import { searchVideos } from './search';

const LOOKUP_LIMIT = 50;
/** Escapes LIKE wildcards in user input. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public answers (cards without saved flags) live this long at most; a catalogue change drops them at once. */
const ANSWER_TTL_MS = 30_000;
const ANSWER_ENTRIES = 500;
/** A list's ordered ids (every page of a filter is a slice of them). */
const ID_LIST_TTL_MS = 60_000;
const ID_LIST_ENTRIES = 50;
/** On PostgreSQL each process reads the catalogue version at most this often. */
const VERSION_CHECK_MS = 1000;

interface CachedPage {
  /**
   * The answer as the contract serialises it, UTF-8 encoded once: guests get these bytes as they are (encoding
   * an 11 kB string on every send was a visible share of a cached answer's cost).
   */
  json: Buffer;
  body: { items: TVideoCard[]; total: number; page: number; pageSize: number };
}

/** Filters in a canonical form (sorted lists), so equivalent URLs share cache entries. */
function normaliseFilters(f: VideoFilters): VideoFilters {
  const sorted = <T>(list: T[] | undefined) => (list?.length ? [...list].sort() : undefined);
  return {
    categoryId: f.categoryId,
    kind: f.kind,
    tags: sorted(f.tags),
    durations: sorted(f.durations),
    levels: sorted(f.levels),
    instructors: sorted(f.instructors),
    products: sorted(f.products),
  };
}

export async function catalogueRoutes(app: FastifyInstance) {
  // Per app instance: each has its own database (tests open many).
  const readVersion = createVersionReader(app.database, app.config.env === 'test' ? 0 : VERSION_CHECK_MS);
  const answers = new ExpiringLru<Promise<CachedPage>>(ANSWER_ENTRIES, ANSWER_TTL_MS);
  const homes = new ExpiringLru<Promise<THome>>(4, ANSWER_TTL_MS);
  const idLists = new ExpiringLru<Promise<IdList>>(ID_LIST_ENTRIES, ID_LIST_TTL_MS);
  /**
   * Cache keys carry the catalogue version and the New York date: videos are released at 12:00 AM New York,
   * so a cached answer never outlives the release instant that changes it.
   */
  const readReleaseDay = createReleaseDay();
  const readStamp = async () => `${await readVersion()}|${readReleaseDay()}`;
  const keyOf = (stamp: string, parts: unknown[]) => `${stamp}|${JSON.stringify(parts)}`;
  const guestAnswers = createGuestAnswers(readStamp, ANSWER_ENTRIES, ANSWER_TTL_MS);
  const onRequest = guestAnswers.onRequest;
  const serialisePage = (body: CachedPage['body']): CachedPage => ({
    body,
    json: Buffer.from(JSON.stringify(catalogueEndpoints.listVideos.response.parse(body))),
  });
  /** A page of cards as cached for everyone (no saved flags), serialised once. */
  const toCachedPage = async (
    rows: Parameters<typeof toCards>[1],
    total: number,
    q: { page: number; pageSize: number },
    now: Date,
  ) =>
    serialisePage({
      items: await toCards(app.db, rows, null, now),
      total,
      page: q.page,
      pageSize: q.pageSize,
    });
  /** A member gets the shared page with their saved flags; a guest gets its stored bytes, kept for the URL. */
  const answerPage = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Viewer,
    stamp: string,
    answer: CachedPage,
  ): Promise<T> | T => {
    if (viewer) return withSavedFlags(answer.body, viewer.id) as Promise<T>;
    guestAnswers.store(request, stamp, answer.json);
    return sendSerialised<T>(reply, answer.json);
  };
  /** A member sees the shared page with their saved flags: one query over the page's ids. */
  const withSavedFlags = async (body: CachedPage['body'], userId: string) => {
    const saved = await selectSavedAmong(
      app.db,
      userId,
      body.items.map((v) => v.id),
    );
    return { ...body, items: body.items.map((v) => ({ ...v, isSaved: saved.has(v.id) })) };
  };

  route(app, catalogueEndpoints.home, async (request) => {
    const viewer = viewerOf(request.caller);
    const today = readReleaseDay();
    const now = new Date();
    const shared = await remember(homes, keyOf(await readStamp(), ['home']), () =>
      buildPublicHome(app.db, today, now),
    );
    return viewer ? buildMemberHome(app.db, shared, viewer.id, now) : shared;
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

  route(
    app,
    catalogueEndpoints.listVideos,
    async (request, reply) => {
      const viewer = viewerOf(request.caller);
      const q = request.query;
      let kind = q.kind;
      // Class videos (CLASSES) are for users with a user type, and admins (spec 1 §6).
      if (kind === 'class') {
        if (!viewer) throw unauthenticated();
        if (!policy.canOpenClasses(viewer))
          throw new AppError('FORBIDDEN', 'Classes are part of a plan. Choose a plan to unlock them.');
      } else if (!kind && !q.category) {
        kind = 'library';
      }
      const filters = normaliseFilters({
        categoryId: q.category,
        kind,
        tags: q.tags,
        durations: q.durations,
        levels: q.levels,
        instructors: q.instructors,
        products: q.products,
      });
      const stamp = await readStamp();
      const listKey = keyOf(stamp, ['list', filters, q.sort, q.seed ?? null]);
      const answer = await remember(answers, `${listKey}:${q.page}:${q.pageSize}`, async () => {
        const now = new Date();
        if (q.category) {
          const [category] = await app.db
            .select({ name: categories.name })
            .from(categories)
            .where(eq(categories.id, q.category));
          if (!category) throw notFound('Unknown category');
        }
        const idList = await remember(idLists, listKey, () =>
          selectIdList(app.db, filters, q.sort, q.seed, now),
        );
        const { rows, total } = await selectVideoPage(
          app.db,
          filters,
          q.sort,
          { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, seed: q.seed },
          now,
          idList,
        );
        return toCachedPage(rows, total, q, now);
      });
      return answerPage(request, reply, viewer, stamp, answer);
    },
    { onRequest },
  );

  route(
    app,
    catalogueEndpoints.searchVideos,
    async (request, reply) => {
      const viewer = viewerOf(request.caller);
      const q = request.query;
      const text = q.q.toLowerCase().replace(/\s+/g, ' ');
      const stamp = await readStamp();
      const key = keyOf(stamp, ['search', text, q.sort, q.page, q.pageSize]);
      const answer = await remember(answers, key, async () => {
        const now = new Date();
        const { rows, total } = await searchVideos(
          app.db,
          text,
          q.sort,
          { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
          now,
        );
        return toCachedPage(rows, total, q, now);
      });
      return answerPage(request, reply, viewer, stamp, answer);
    },
    { onRequest },
  );

  route(app, catalogueEndpoints.listSaved, async (request) => {
    const { user } = request.caller;
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
    const { user } = request.caller;
    const rows = await app.db
      .select({ videoId: savedVideos.videoId })
      .from(savedVideos)
      .where(eq(savedVideos.userId, user.id));
    return { videoIds: rows.map((r) => r.videoId) };
  });

  route(app, catalogueEndpoints.saveVideo, async (request) => {
    const { user } = request.caller;
    const { videoId } = request.params;
    const [video] = await app.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
    if (!video) throw notFound(MESSAGES.notFound);
    await app.db.insert(savedVideos).values({ userId: user.id, videoId }).onConflictDoNothing();
    return { videoId, isSaved: true as const };
  });

  route(app, catalogueEndpoints.unsaveVideo, async (request) => {
    const { user } = request.caller;
    const { videoId } = request.params;
    await app.db
      .delete(savedVideos)
      .where(and(eq(savedVideos.userId, user.id), eq(savedVideos.videoId, videoId)));
    return { videoId, isSaved: false as const };
  });
}
