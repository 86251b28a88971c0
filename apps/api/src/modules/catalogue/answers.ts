import {
  catalogueEndpoints,
  type THome,
  type TVideoCard,
  type ZListVideosQuery,
  type ZSearchQuery,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ExpiringLru, remember } from '../../lib/lru';
import { createReleaseDay, createVersionReader } from './cache';
import { toCards } from './cards';
import { createGuestAnswers } from './guest-answers';
import { buildMemberHome, buildPublicHome } from './home';
import {
  categoryExists,
  type IdList,
  selectIdList,
  selectSavedAmong,
  selectVideoPage,
  type VideoFilters,
} from './queries';
import { searchVideos } from './search';

/** Public answers (cards without saved flags) live this long at most; a catalogue change drops them at once. */
const ANSWER_TTL_MS = 30_000;
const ANSWER_ENTRIES = 500;
/** A list's ordered ids (every page of a filter is a slice of them). */
const ID_LIST_TTL_MS = 60_000;
const ID_LIST_ENTRIES = 50;

type PageBody = { items: TVideoCard[]; total: number; page: number; pageSize: number };

export interface CachedPage {
  /**
   * The answer as the contract serialises it, UTF-8 encoded once: guests get these bytes as they are (encoding
   * an 11 kB string on every send was a visible share of a cached answer's cost).
   */
  json: Buffer;
  body: PageBody;
}

/** A shared answer and the catalogue version and day it was made under. */
export interface StampedPage {
  stamp: string;
  answer: CachedPage;
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

/**
 * The catalogue's shared answers, cached per app instance (each has its own database; tests open many):
 * the home page, list pages and search pages, built without saved flags and serialised once.
 */
export function createCatalogueAnswers(app: FastifyInstance) {
  const readVersion = createVersionReader(app.database, app.config.catalogueVersionCheckMs);
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
  const serialisePage = (body: PageBody): CachedPage => ({
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

  return {
    guestAnswers: createGuestAnswers(readStamp, ANSWER_ENTRIES, ANSWER_TTL_MS),

    /** The shared home, with the member's rows and saved flags added for a member. */
    async home(userId: string | null): Promise<THome> {
      const today = readReleaseDay();
      const now = new Date();
      const shared = await remember(homes, keyOf(await readStamp(), ['home']), () =>
        buildPublicHome(app.db, today, now),
      );
      return userId ? buildMemberHome(app.db, shared, userId, now) : shared;
    },

    /** A page of a filtered list (the kind already decided by the class rule). */
    async videoPage(q: z.output<typeof ZListVideosQuery>, kind: VideoFilters['kind']): Promise<StampedPage> {
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
      return { stamp, answer };
    },

    async searchPage(q: z.output<typeof ZSearchQuery>): Promise<StampedPage> {
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
      return { stamp, answer };
    },

    /** A member sees the shared page with their saved flags: one query over the page's ids. */
    async withSavedFlags(body: PageBody, userId: string): Promise<PageBody> {
      const saved = await selectSavedAmong(
        app.db,
        userId,
        body.items.map((v) => v.id),
      );
      return { ...body, items: body.items.map((v) => ({ ...v, isSaved: saved.has(v.id) })) };
    },
  };
}
