import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type BannerRow = typeof banners.$inferSelect;
/** The columns a banner form writes. */
export type BannerValues = Pick<
  BannerRow,
  'title' | 'imageUrl' | 'releaseDate' | 'isActive' | 'showImmediately'
>;

export function selectBanners(db: DbOrTx) {
  return db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
}

export async function findBanner(db: DbOrTx, id: string) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw notFound('Banner not found');
  return row;
}

export async function insertBanner(db: DbOrTx, values: BannerValues) {
  const [created] = await db.insert(banners).values(values).returning();
  return created!;
}

export async function updateBanner(db: DbOrTx, id: string, changes: Partial<BannerValues>) {
  const [updated] = await db
    .update(banners)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(banners.id, id))
    .returning();
  return updated!;
}

export async function deleteBanner(db: DbOrTx, id: string) {
  await db.delete(banners).where(eq(banners.id, id));
}
