import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instructors, tags, videos } from '../../db/schema';
import { buildSearchText } from '../catalogue/search-text';

/**
 * Rebuilds videos.search_text for the given videos from their current title, descriptions, instructor,
 * tags and keywords: every admin change that touches one of those calls it in the same transaction.
 */
export async function refreshSearchText(db: DbOrTx, videoIds: readonly string[]) {
  if (videoIds.length === 0) return;
  const rows = await db
    .select({
      id: videos.id,
      title: videos.title,
      description: videos.description,
      shortDescription: videos.shortDescription,
      keywords: videos.keywords,
      tagIds: videos.tagIds,
      instructorName: instructors.name,
    })
    .from(videos)
    .leftJoin(instructors, eq(instructors.id, videos.instructorId))
    .where(inArray(videos.id, [...videoIds]));
  const tagIds = [...new Set(rows.flatMap((r) => r.tagIds))];
  const tagNames = new Map(
    (tagIds.length
      ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, tagIds))
      : []
    ).map((t) => [t.id, t.name]),
  );
  for (const row of rows) {
    const searchText = buildSearchText({
      title: row.title,
      description: row.description,
      shortDescription: row.shortDescription,
      instructorName: row.instructorName,
      tagNames: row.tagIds.map((id) => tagNames.get(id)).filter((n): n is string => n !== undefined),
      keywords: row.keywords,
    });
    await db.update(videos).set({ searchText }).where(eq(videos.id, row.id));
  }
}
