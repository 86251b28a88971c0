import { HOME_GROUPS, HOME_RECENT_COUNT, type THome } from '@dance/domain';
import { and, asc, desc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, categories, savedVideos, type VideoRow, videos } from '../../db/schema';
import { selectContinueWatching } from '../progress/queries';
import { toCards } from './cards';
import { isVisible, selectSavedAmong } from './queries';

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

/** The home answer every visitor shares: banner, Recent Releases, Featured and one row per category. */
export async function buildPublicHome(db: Db, today: string, now = new Date()): Promise<THome> {
  const released = and(isVisible(now), lte(videos.releaseAt, now));
  const [banner, recent, featured, categoryRows] = await Promise.all([
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
  const groups = [
    { name: HOME_GROUPS.recent, rows: recent },
    { name: HOME_GROUPS.featured, rows: featured },
    ...categoryRows.map((c, i) => ({ name: c.name, rows: perCategory[i]! })),
  ];
  return { banner, groups: await toCardGroups(db, groups, null, now) };
}

/** Cards for every row at once: the same video in two rows costs nothing extra. */
async function toCardGroups(
  db: Db,
  groups: { name: string; rows: VideoRow[] }[],
  userId: string | null,
  now: Date,
): Promise<THome['groups']> {
  const all = [...new Map(groups.flatMap((g) => g.rows).map((r) => [r.id, r])).values()];
  const cards = new Map((await toCards(db, all, userId, now)).map((c) => [c.id, c]));
  return groups.map((g) => ({ name: g.name, videos: g.rows.map((r) => cards.get(r.id)!) }));
}

/**
 * A member's home: the shared answer (cached by the caller) with their saved flags, their videos in
 * progress ("Continue watching", issue 4) first and their Saved row after Featured.
 */
export async function buildMemberHome(
  db: Db,
  shared: THome,
  userId: string,
  now = new Date(),
): Promise<THome> {
  const [continueRows, saved] = await Promise.all([
    selectContinueWatching(db, userId, ROW_SIZE),
    db
      .select({ video: videos })
      .from(savedVideos)
      .innerJoin(videos, eq(videos.id, savedVideos.videoId))
      .where(and(eq(savedVideos.userId, userId), isVisible(now)))
      .orderBy(desc(savedVideos.createdAt))
      .limit(ROW_SIZE),
  ]);
  const own = await toCardGroups(
    db,
    [
      { name: HOME_GROUPS.continue, rows: continueRows },
      { name: HOME_GROUPS.saved, rows: saved.map((s) => s.video) },
    ],
    userId,
    now,
  );
  const [continueGroup, savedGroup] = own as [THome['groups'][number], THome['groups'][number]];
  const sharedGroups = await overlaySaved(db, shared.groups, userId);
  return {
    banner: shared.banner,
    groups: [
      ...(continueGroup.videos.length ? [continueGroup] : []),
      ...sharedGroups.slice(0, 2),
      savedGroup,
      ...sharedGroups.slice(2),
    ],
  };
}

/** Copies of shared groups with the member's saved flags, in one query over their videos. */
async function overlaySaved(db: Db, groups: THome['groups'], userId: string): Promise<THome['groups']> {
  const saved = await selectSavedAmong(db, userId, [
    ...new Set(groups.flatMap((g) => g.videos.map((v) => v.id))),
  ]);
  return groups.map((g) => ({
    name: g.name,
    videos: g.videos.map((v) => ({ ...v, isSaved: saved.has(v.id) })),
  }));
}
