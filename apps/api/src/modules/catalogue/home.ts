import { HOME_RECENT_COUNT, type THome } from '@dance/domain';
import { and, asc, desc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, categories, savedVideos, videos } from '../../db/schema';
import { selectContinueWatching } from '../progress/routes';
import { toCards } from './cards';
import { isVisible } from './queries';

const ROW_SIZE = 12;

/** The active banner: published, and released (New York date) unless it shows immediately. */
export async function selectActiveBanner(db: Db, today: string) {
  const [banner] = await db
    .select()
    .from(banners)
    .where(
      and(eq(banners.isActive, true), or(eq(banners.showImmediately, true), lte(banners.releaseDate, today))),
    )
    .orderBy(desc(banners.releaseDate), desc(banners.createdAt))
    .limit(1);
  return banner
    ? { id: banner.id, title: banner.title, imageUrl: banner.imageUrl, releaseDate: banner.releaseDate }
    : null;
}

/**
 * Home rows: Recent Releases (the first 6), Featured, then one row per category; a member also gets their
 * Saved row. Cards carry the member's saved flags.
 */
export async function buildHome(
  db: Db,
  userId: string | null,
  today: string,
  now = new Date(),
): Promise<THome> {
  const released = and(isVisible(now), lte(videos.releaseAt, now));
  const [banner, recent, featured, categoryRows, saved] = await Promise.all([
    selectActiveBanner(db, today),
    db
      .select()
      .from(videos)
      .where(and(released, eq(videos.kind, 'library')))
      .orderBy(desc(videos.releaseAt), desc(videos.id))
      .limit(HOME_RECENT_COUNT),
    db
      .select()
      .from(videos)
      .where(and(released, eq(videos.isFeatured, true)))
      .orderBy(desc(videos.releaseAt), desc(videos.id))
      .limit(ROW_SIZE),
    db.select().from(categories).where(isNotNull(categories.routePath)).orderBy(asc(categories.position)),
    userId
      ? db
          .select({ video: videos })
          .from(savedVideos)
          .innerJoin(videos, eq(videos.id, savedVideos.videoId))
          .where(and(eq(savedVideos.userId, userId), isVisible(now)))
          .orderBy(desc(savedVideos.createdAt))
          .limit(ROW_SIZE)
      : Promise.resolve([]),
  ]);
  const perCategory = await Promise.all(
    categoryRows.map((c) =>
      db
        .select()
        .from(videos)
        .where(and(isVisible(now), eq(videos.categoryId, c.id)))
        .orderBy(desc(videos.releaseAt), desc(videos.id))
        .limit(ROW_SIZE),
    ),
  );
  // A member's videos in progress come first ("Continue watching", issue 4), when there are any.
  const continueRows = userId ? await selectContinueWatching(db, userId, ROW_SIZE) : [];
  const groups: { name: string; rows: typeof recent }[] = [
    ...(continueRows.length ? [{ name: 'Continue Watching', rows: continueRows }] : []),
    { name: 'Recent Releases', rows: recent },
    { name: 'Featured', rows: featured },
    ...(userId ? [{ name: 'Saved', rows: saved.map((s) => s.video) }] : []),
    ...categoryRows.map((c, i) => ({ name: c.name, rows: perCategory[i]! })),
  ];
  // One card hydration for every row at once: the same video in two rows costs nothing extra.
  const all = [...new Map(groups.flatMap((g) => g.rows).map((r) => [r.id, r])).values()];
  const cards = new Map((await toCards(db, all, userId, now)).map((c) => [c.id, c]));
  return {
    banner,
    groups: groups.map((g) => ({ name: g.name, videos: g.rows.map((r) => cards.get(r.id)!) })),
  };
}
