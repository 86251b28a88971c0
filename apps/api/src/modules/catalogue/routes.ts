import {
  catalogueEndpoints,
  MESSAGES,
  policy,
  type THome,
  type TVideoCard,
  type Viewer,
} from '@dance/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { ExpiringLru, remember } from '../../lib/lru';
import { route, sendSerialised } from '../../lib/route';
import { viewerOf } from '../../plugins/auth';
import { createReleaseDay, createVersionReader } from './cache';
import { toCards } from './cards';
import { createGuestAnswers } from './guest-answers';
import { buildMemberHome, buildPublicHome } from './home';
import {
  categoryExists,
  type IdList,
  saveVideo,
  selectCategories,
  selectIdList,
  selectInstructorsMatching,
  selectProductsMatching,
  selectSavedAmong,
  selectSavedIds,
  selectTagsMatching,
  selectVideoPage,
  unsaveVideo,
  type VideoFilters,
  videoExists,
} from './queries';
import { searchVideos } from './search';

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

  route(app, catalogueEndpoints.categories, async () => ({ items: await selectCategories(app.db) }));

  route(app, catalogueEndpoints.tags, async (request) => ({
    items: await selectTagsMatching(app.db, request.query.query),
  }));

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
        if (q.category && !(await categoryExists(app.db, q.category))) throw notFound('Unknown category');
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

  route(app, catalogueEndpoints.savedIds, async (request) => ({
    videoIds: await selectSavedIds(app.db, request.caller.user.id),
  }));

  route(app, catalogueEndpoints.saveVideo, async (request) => {
    const { videoId } = request.params;
    if (!(await videoExists(app.db, videoId))) throw notFound(MESSAGES.notFound);
    await saveVideo(app.db, request.caller.user.id, videoId);
    return { videoId, isSaved: true as const };
  });

  route(app, catalogueEndpoints.unsaveVideo, async (request) => {
    const { videoId } = request.params;
    await unsaveVideo(app.db, request.caller.user.id, videoId);
    return { videoId, isSaved: false as const };
  });
}
