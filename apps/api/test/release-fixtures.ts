import { CLASSES_TAG, COMING_SOON_TAG, releaseInstant } from '@dance/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { banners, popups, tags, videos } from '../src/db/schema';
import { buildSearchText } from '../src/modules/catalogue/search-text';

/** Rows the release tests (and the two-process test) release: a class video, a banner, a popup of a date. */
export async function ensureTag(db: DbOrTx, name: string) {
  const [found] = await db.select().from(tags).where(eq(tags.name, name));
  if (found) return found;
  const [row] = await db.insert(tags).values({ name, priority: 900, color: '#445566' }).returning();
  return row!;
}

export async function insertClassVideo(db: DbOrTx, title: string, releaseDate: string) {
  const comingSoon = await ensureTag(db, COMING_SOON_TAG);
  const classes = await ensureTag(db, CLASSES_TAG);
  const [row] = await db
    .insert(videos)
    .values({
      kind: 'class',
      title,
      releaseDate,
      releaseAt: releaseInstant(releaseDate),
      tagIds: [classes.id, comingSoon.id],
      searchText: buildSearchText({
        title,
        description: '',
        shortDescription: '',
        instructorName: null,
        tagNames: [CLASSES_TAG, COMING_SOON_TAG],
        keywords: [],
      }),
    })
    .returning();
  return row!;
}

export async function insertBanner(db: DbOrTx, title: string, releaseDate: string, isActive = true) {
  const [row] = await db
    .insert(banners)
    .values({ title, imageUrl: '/files/demo/banner.jpg', releaseDate, isActive })
    .returning();
  return row!;
}

export async function insertPopup(db: DbOrTx, headerText: string, startDate: string, endDate: string) {
  const [row] = await db
    .insert(popups)
    .values({
      headerText,
      startAt: releaseInstant(startDate),
      endAt: new Date(releaseInstant(endDate).getTime() + 86_399_000),
      startDateLocal: startDate,
      endDateLocal: endDate,
      timezone: 'America/New_York',
    })
    .returning();
  return row!;
}

export async function videoState(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      searchText: videos.searchText,
      hasComingSoon: sql<boolean>`exists (select 1 from tags t where t.id = any(${videos.tagIds}) and lower(t.name) = ${COMING_SOON_TAG})`,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row!;
}
