import { isComingSoonTag, type TVideoCard } from '@dance/domain';
import type { DbOrTx } from '../../db/client';
import { type VideoRow, videos } from '../../db/schema';
import { type CardLookups, selectCardExtras } from './queries';

/**
 * The video columns a card is made from. Lists that only show cards select these, not whole rows: the
 * description, search text, chapters and keywords of every video would be read and parsed for nothing.
 */
export const cardColumns = {
  id: videos.id,
  kind: videos.kind,
  title: videos.title,
  shortDescription: videos.shortDescription,
  instructorId: videos.instructorId,
  categoryId: videos.categoryId,
  durationSeconds: videos.durationSeconds,
  thumbnailUrl: videos.thumbnailUrl,
  releaseDate: videos.releaseDate,
  releaseAt: videos.releaseAt,
  levels: videos.levels,
  tagIds: videos.tagIds,
  fileType: videos.fileType,
};
export type CardRow = Pick<VideoRow, keyof typeof cardColumns>;

/** Turns video rows into cards: instructor, tags by priority, saved flag, and the coming-soon state. */
export async function toCards(
  db: DbOrTx,
  rows: CardRow[],
  userId: string | null,
  now = new Date(),
  lookups?: () => Promise<CardLookups>,
): Promise<TVideoCard[]> {
  const extras = await selectCardExtras(db, rows, userId, lookups);
  return rows.map((row) => {
    const isComingSoon = row.releaseAt.getTime() > now.getTime();
    const videoTags = row.tagIds
      .map((id) => extras.tags.get(id))
      .filter((t) => t !== undefined)
      // Once released, the "coming soon" tag no longer applies.
      .filter((t) => isComingSoon || !isComingSoonTag(t))
      .sort((a, b) => a.priority - b.priority)
      .map((t) => ({ id: t.id, name: t.name, color: t.color, priority: t.priority }));
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      shortDescription: row.shortDescription,
      instructor: row.instructorId ? (extras.instructors.get(row.instructorId) ?? null) : null,
      categoryId: row.categoryId,
      durationSeconds: row.durationSeconds,
      thumbnailUrl: row.thumbnailUrl,
      releaseDate: row.releaseDate,
      isComingSoon: isComingSoon || videoTags.some(isComingSoonTag),
      tags: videoTags,
      levels: row.levels as TVideoCard['levels'],
      fileType: row.fileType,
      isSaved: extras.saved.has(row.id),
    };
  });
}
