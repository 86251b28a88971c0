import { recommendationEndpoints, recommendationHeading } from '@dance/domain';
import { and, desc, eq, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { type VideoRow, videos } from '../../db/schema';
import { route } from '../../lib/route';
import { toCards } from '../catalogue/cards';
import { findVideo } from '../playback/routes';
import { requirePlayerSession } from '../playback/viewer';

const LIMIT = 12;

/** Classes: every other class, newest first (coming-soon ones included, greyed out on their cards). */
function selectClasses(db: Db, video: VideoRow) {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.kind, 'class'), ne(videos.id, video.id)))
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
}

/**
 * The default view: released library videos ranked by what they share with this one (tags, instructor,
 * category, levels), then by recency.
 */
function selectRecommended(db: Db, video: VideoRow, now: Date) {
  const tagIds = video.tagIds.length ? video.tagIds : ['00000000-0000-0000-0000-000000000000'];
  const score = sql<number>`(
    cardinality(array(select unnest(${videos.tagIds}) intersect select unnest(${sql.param(tagIds)}::uuid[]))) * 3
    + (case when ${videos.instructorId} = ${video.instructorId} then 2 else 0 end)
    + (case when ${videos.categoryId} = ${video.categoryId} then 1 else 0 end)
    + (case when ${videos.levels} && ${sql.param(video.levels)}::text[] then 1 else 0 end)
  )`;
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.kind, 'library'), lte(videos.releaseAt, now), ne(videos.id, video.id)))
    .orderBy(desc(score), desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
}

/**
 * NEXT UP outside a playlist: the videos that follow this one in its category (release order, newest to
 * oldest), wrapping round to the newest.
 */
async function selectNextUp(db: Db, video: VideoRow, now: Date) {
  const sameShelf = and(
    video.categoryId ? eq(videos.categoryId, video.categoryId) : eq(videos.kind, video.kind),
    or(lte(videos.releaseAt, now), eq(videos.kind, 'class')),
    ne(videos.id, video.id),
  );
  const after = await db
    .select()
    .from(videos)
    .where(
      and(
        sameShelf,
        or(
          lt(videos.releaseAt, video.releaseAt),
          and(eq(videos.releaseAt, video.releaseAt), lt(videos.id, video.id)),
        ),
      ),
    )
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
  if (after.length >= LIMIT) return after;
  const wrap = await db
    .select()
    .from(videos)
    .where(sameShelf)
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
  const seen = new Set(after.map((v) => v.id));
  return [...after, ...wrap.filter((v) => !seen.has(v.id))].slice(0, LIMIT);
}

export async function recommendationsRoutes(app: FastifyInstance) {
  route(
    app,
    recommendationEndpoints.recommendations,
    async (request) => {
      const { user } = request.caller;
      const video = await findVideo(app.db, request.params.videoId);
      const type = request.query.type;
      const now = new Date();
      const rows =
        type === 'CL' || (type === 'PV' && video.kind === 'class')
          ? await selectClasses(app.db, video)
          : type === 'PV'
            ? await selectRecommended(app.db, video, now)
            : await selectNextUp(app.db, video, now);
      const heading = recommendationHeading(type === 'PV' && video.kind === 'class' ? 'CL' : type);
      return { heading, items: await toCards(app.db, rows, user.id, now) };
    },
    { authenticate: requirePlayerSession },
  );
}
