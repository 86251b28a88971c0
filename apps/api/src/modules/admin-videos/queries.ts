import { isComingSoonTag, type TAdminVideo, type TSort } from '@dance/domain';
import { eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, products, tags, type VideoRow, videos } from '../../db/schema';
import { orderBy } from '../catalogue/queries';
import { mediaStateOf } from '../videos-media/imports';
import { findAssetsByIds } from '../videos-media/queries';

/** Escapes LIKE wildcards in user input. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of every video (released or not) for the admin list; the search matches the search text. */
export async function selectAdminVideoPage(
  db: DbOrTx,
  params: { search?: string; sort: Exclude<TSort, 'shuffle'>; limit: number; offset: number },
) {
  const where = params.search
    ? ilike(videos.searchText, likePattern(params.search.toLowerCase()))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(...orderBy(params.sort))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Video rows as the admin sees them: category, instructor, tags by priority and products resolved. */
export async function toAdminVideos(db: DbOrTx, rows: VideoRow[], now = new Date()): Promise<TAdminVideo[]> {
  const ids = (pick: (r: VideoRow) => (string | null)[]) => [
    ...new Set(rows.flatMap(pick).filter((id): id is string => id !== null)),
  ];
  const categoryIds = ids((r) => [r.categoryId]);
  const instructorIds = ids((r) => [r.instructorId]);
  const tagIds = ids((r) => r.tagIds);
  const productIds = ids((r) => r.productIds);
  const [categoryRows, instructorRows, tagRows, productRows, assetRows] = await Promise.all([
    categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : [],
    instructorIds.length
      ? db
          .select({ id: instructors.id, name: instructors.name })
          .from(instructors)
          .where(inArray(instructors.id, instructorIds))
      : [],
    tagIds.length
      ? db
          .select({ id: tags.id, name: tags.name, color: tags.color, priority: tags.priority })
          .from(tags)
          .where(inArray(tags.id, tagIds))
      : [],
    productIds.length
      ? db
          .select({ id: products.id, title: products.title, subname: products.subname })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    findAssetsByIds(
      db,
      rows.flatMap((r) => (r.videoUrl ? [r.videoUrl] : [])),
    ),
  ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const categoryMap = byId(categoryRows);
  const instructorMap = byId(instructorRows);
  const tagMap = byId(tagRows);
  const productMap = byId(productRows);
  const assetMap = byId(assetRows);
  return rows.map((row) => {
    const videoTags = row.tagIds
      .map((id) => tagMap.get(id))
      .filter((t) => t !== undefined)
      .sort((a, b) => a.priority - b.priority);
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      description: row.description,
      shortDescription: row.shortDescription,
      category: row.categoryId ? (categoryMap.get(row.categoryId) ?? null) : null,
      instructor: row.instructorId ? (instructorMap.get(row.instructorId) ?? null) : null,
      levels: row.levels as TAdminVideo['levels'],
      tags: videoTags,
      keywords: row.keywords,
      products: row.productIds.map((id) => productMap.get(id)).filter((p) => p !== undefined),
      releaseDate: row.releaseDate,
      isComingSoon: row.releaseAt.getTime() > now.getTime() || videoTags.some(isComingSoonTag),
      durationSeconds: row.durationSeconds,
      thumbnailUrl: row.thumbnailUrl,
      videoUrl: row.videoUrl,
      trailerUrl: row.trailerUrl,
      fileType: row.fileType,
      media: mediaStateOf(row.videoUrl, row.videoUrl ? assetMap.get(row.videoUrl) : undefined),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function findVideo(db: DbOrTx, id: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row ?? null;
}

export async function updateVideoRow(db: DbOrTx, id: string, changes: Partial<VideoRow>) {
  const [row] = await db.update(videos).set(changes).where(eq(videos.id, id)).returning();
  return row!;
}

/** The deleted row, or null when there was none. */
export async function deleteVideo(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(videos).where(eq(videos.id, id)).returning();
  return deleted ?? null;
}

const REFERENCED = { category: categories, instructor: instructors, tag: tags, product: products };

/** How many of the ids are rows of what a video refers to. */
export async function countExisting(db: DbOrTx, kind: keyof typeof REFERENCED, ids: string[]) {
  const table = REFERENCED[kind];
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.length;
}
