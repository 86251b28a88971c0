import { addDays, COMING_SOON_TAG, releaseInstant } from '@dance/domain';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners, popups, releaseLedger, releaseRuns, tags, trcContent, videos } from '../../db/schema';
import { refreshSearchText } from '../admin-videos/search-text-refresh';
import type { DueItem, ReleaseWindow } from './releasers';

/** Not yet in the ledger for this kind of item and release date. */
const notReleased = (fieldType: string, id: unknown, releaseDate: unknown) => sql`not exists (
  select 1 from ${releaseLedger} l
  where l.field_type = ${fieldType} and l.item_id = ${id}::text and l.release_date = ${releaseDate})`;

export async function selectDueClassVideos(db: DbOrTx, w: ReleaseWindow): Promise<DueItem[]> {
  const rows = await db
    .select({ id: videos.id, releaseDate: videos.releaseDate, title: videos.title })
    .from(videos)
    .where(
      and(
        eq(videos.kind, 'class'),
        gte(videos.releaseDate, w.fromDate),
        lte(videos.releaseDate, w.toDate),
        lte(videos.releaseAt, w.now),
        notReleased('class-video', videos.id, videos.releaseDate),
      ),
    )
    .orderBy(asc(videos.releaseDate), asc(videos.id));
  return rows.map((r) => ({ id: r.id, releaseDate: r.releaseDate, context: { title: r.title } }));
}

export async function findClassVideoToRelease(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: videos.id, releaseAt: videos.releaseAt, releaseDate: videos.releaseDate })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.kind, 'class')))
    .for('update');
  return row ?? null;
}

/** Takes the "coming soon" tag off a video (and out of its search text); false when it had none. */
export async function removeComingSoonTag(db: DbOrTx, videoId: string): Promise<boolean> {
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`lower(trim(${tags.name})) = ${COMING_SOON_TAG}`);
  if (!tag) return false;
  const touched = await db
    .update(videos)
    .set({ tagIds: sql`array_remove(${videos.tagIds}, ${tag.id}::uuid)`, updatedAt: new Date() })
    .where(and(eq(videos.id, videoId), sql`${tag.id}::uuid = any(${videos.tagIds})`))
    .returning({ id: videos.id });
  await refreshSearchText(
    db,
    touched.map((v) => v.id),
  );
  return touched.length > 0;
}

export async function selectDueBanners(db: DbOrTx, w: ReleaseWindow): Promise<DueItem[]> {
  const rows = await db
    .select({ id: banners.id, releaseDate: banners.releaseDate, title: banners.title })
    .from(banners)
    .where(
      and(
        eq(banners.isActive, true),
        eq(banners.showImmediately, false),
        gte(banners.releaseDate, w.fromDate),
        lte(banners.releaseDate, w.toDate),
        notReleased('banner', banners.id, banners.releaseDate),
      ),
    )
    .orderBy(asc(banners.releaseDate), asc(banners.id));
  return rows.map((r) => ({ id: r.id, releaseDate: r.releaseDate, context: { title: r.title } }));
}

export async function findBannerToRelease(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ isActive: banners.isActive, releaseDate: banners.releaseDate })
    .from(banners)
    .where(eq(banners.id, id))
    .for('update');
  return row ?? null;
}

/** Active popups whose start fell in the window and that have not ended. */
export async function selectDuePopups(db: DbOrTx, w: ReleaseWindow): Promise<DueItem[]> {
  const rows = await db
    .select({ id: popups.id, releaseDate: popups.startDateLocal, title: popups.headerText })
    .from(popups)
    .where(
      and(
        eq(popups.isActive, true),
        gte(popups.startAt, releaseInstant(w.fromDate)),
        lte(popups.startAt, w.now),
        gte(popups.endAt, w.now),
        notReleased('popup', popups.id, popups.startDateLocal),
      ),
    )
    .orderBy(asc(popups.startAt), asc(popups.id));
  return rows.map((r) => ({ id: r.id, releaseDate: r.releaseDate, context: { title: r.title } }));
}

export async function findPopupToRelease(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ isActive: popups.isActive, startAt: popups.startAt, endAt: popups.endAt })
    .from(popups)
    .where(eq(popups.id, id))
    .for('update');
  return row ?? null;
}

/** Writes an item's ledger row; false when another run released it first (the row exists). */
export async function claimLedgerItem(
  db: DbOrTx,
  values: { fieldType: string; itemId: string; releaseDate: string; scheduleTimeUtc: Date; releasedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(releaseLedger)
    .values(values)
    .onConflictDoNothing()
    .returning({ itemId: releaseLedger.itemId });
  return inserted.length > 0;
}

/** The release date of the last run that finished everything, if any. */
export async function lastDoneReleaseDate(db: DbOrTx, before: Date): Promise<string | null> {
  const [row] = await db
    .select({ releaseDate: releaseRuns.releaseDate })
    .from(releaseRuns)
    .where(and(eq(releaseRuns.status, 'done'), lte(releaseRuns.scheduleTimeUtc, before)))
    .orderBy(desc(releaseRuns.scheduleTimeUtc))
    .limit(1);
  return row?.releaseDate ?? null;
}

export async function findRun(db: DbOrTx, scheduleTimeUtc: Date) {
  const [row] = await db.select().from(releaseRuns).where(eq(releaseRuns.scheduleTimeUtc, scheduleTimeUtc));
  return row ?? null;
}

/** A running run older than this belonged to a process that stopped: another may take it over. */
export const STALE_RUN_MS = 10 * 60_000;

/**
 * Claims a run: inserts it, or takes over one that failed (a retry) or whose process stopped. Null when the run
 * is done or another process is running it.
 */
export async function claimRun(
  db: DbOrTx,
  values: {
    scheduleTimeUtc: Date;
    releaseDate: string;
    fromDate: string;
    workerId: string;
    jobId: string | null;
    startedAt: Date;
  },
) {
  const [row] = await db
    .insert(releaseRuns)
    .values({ ...values, status: 'running' })
    .onConflictDoUpdate({
      target: releaseRuns.scheduleTimeUtc,
      set: {
        status: 'running',
        workerId: values.workerId,
        jobId: values.jobId,
        startedAt: values.startedAt,
        finishedAt: null,
        attempts: sql`${releaseRuns.attempts} + 1`,
      },
      setWhere: sql`${releaseRuns.status} = 'failed' or (${releaseRuns.status} = 'running' and ${releaseRuns.startedAt} < ${new Date(values.startedAt.getTime() - STALE_RUN_MS).toISOString()}::timestamptz)`,
    })
    .returning();
  return row ?? null;
}

export async function finishRun(
  db: DbOrTx,
  scheduleTimeUtc: Date,
  result: { status: 'done' | 'failed'; released: number; failed: number; finishedAt: Date },
) {
  await db
    .update(releaseRuns)
    .set({
      status: result.status,
      released: sql`${releaseRuns.released} + ${result.released}`,
      failed: result.failed,
      finishedAt: result.finishedAt,
    })
    .where(eq(releaseRuns.scheduleTimeUtc, scheduleTimeUtc));
}

export async function selectDueTrcContent(db: DbOrTx, w: ReleaseWindow): Promise<DueItem[]> {
  const rows = await db
    .select({ id: trcContent.id, releaseDate: trcContent.releaseDate, title: trcContent.title })
    .from(trcContent)
    .where(
      and(
        gte(trcContent.releaseDate, w.fromDate),
        lte(trcContent.releaseDate, w.toDate),
        notReleased('trc-content', trcContent.id, trcContent.releaseDate),
      ),
    )
    .orderBy(asc(trcContent.releaseDate), asc(trcContent.id));
  return rows.map((r) => ({ id: r.id, releaseDate: r.releaseDate, context: { title: r.title } }));
}

export async function findTrcContentToRelease(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ releaseAt: trcContent.releaseAt, releaseDate: trcContent.releaseDate })
    .from(trcContent)
    .where(eq(trcContent.id, id))
    .for('update');
  return row ?? null;
}

/** Videos and classes with a release date in the seven days ending on `toDate` (New York dates), newest first. */
export async function selectReleasedThisWeek(db: DbOrTx, toDate: string) {
  const rows = await db
    .select({ title: videos.title })
    .from(videos)
    .where(and(gte(videos.releaseDate, addDays(toDate, -6)), lte(videos.releaseDate, toDate)))
    .orderBy(desc(videos.releaseDate), asc(videos.title));
  return { total: rows.length, titles: rows.map((r) => r.title) };
}
