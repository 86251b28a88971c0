import { and, asc, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  playlistItems,
  playlists,
  studioAssignees,
  studioAssignments,
  users,
  watchProgress,
} from '../../db/schema';

/** A studio playlist of this owner's studio, or null. */
export async function findStudioPlaylist(db: DbOrTx, ownerId: string, playlistId: string) {
  const [row] = await db
    .select()
    .from(playlists)
    .where(
      and(eq(playlists.id, playlistId), eq(playlists.type, 'SPL'), eq(playlists.studioOwnerId, ownerId)),
    );
  return row ?? null;
}

/** Which of these ids are sub-users of this owner. */
export async function selectOwnSubUserIds(db: DbOrTx, ownerId: string, ids: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.studioOwnerId, ownerId)));
  return rows.map((r) => r.id);
}

export async function insertAssignment(
  db: DbOrTx,
  values: { studioOwnerId: string; playlistId: string; dueDate: string | null },
  userIds: string[],
) {
  const [row] = await db.insert(studioAssignments).values(values).onConflictDoNothing().returning();
  if (!row) return null;
  await db.insert(studioAssignees).values(userIds.map((userId) => ({ assignmentId: row.id, userId })));
  return row;
}

export async function findAssignment(db: DbOrTx, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(studioAssignments)
    .where(and(eq(studioAssignments.id, id), eq(studioAssignments.studioOwnerId, ownerId)));
  return row ?? null;
}

export async function deleteAssignment(db: DbOrTx, ownerId: string, id: string) {
  const rows = await db
    .delete(studioAssignments)
    .where(and(eq(studioAssignments.id, id), eq(studioAssignments.studioOwnerId, ownerId)))
    .returning({ id: studioAssignments.id });
  return rows.length > 0;
}

/** The owner's assignments with their playlist's name, newest first. */
export async function selectOwnerAssignments(db: DbOrTx, ownerId: string) {
  return db
    .select({ assignment: studioAssignments, playlistName: playlists.name })
    .from(studioAssignments)
    .innerJoin(playlists, eq(playlists.id, studioAssignments.playlistId))
    .where(eq(studioAssignments.studioOwnerId, ownerId))
    .orderBy(desc(studioAssignments.createdAt), desc(studioAssignments.id));
}

/** The assignments a dancer is one of, with their playlist's name, newest first. */
export async function selectDancerAssignments(db: DbOrTx, userId: string) {
  return db
    .select({ assignment: studioAssignments, playlistName: playlists.name })
    .from(studioAssignees)
    .innerJoin(studioAssignments, eq(studioAssignments.id, studioAssignees.assignmentId))
    .innerJoin(playlists, eq(playlists.id, studioAssignments.playlistId))
    .where(eq(studioAssignees.userId, userId))
    .orderBy(desc(studioAssignments.createdAt), desc(studioAssignments.id));
}

/** The dancers of these assignments with their names. */
export async function selectAssignees(db: DbOrTx, assignmentIds: string[]) {
  if (assignmentIds.length === 0) return [];
  return db
    .select({
      assignmentId: studioAssignees.assignmentId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      remindedAt: studioAssignees.remindedAt,
    })
    .from(studioAssignees)
    .innerJoin(users, eq(users.id, studioAssignees.userId))
    .where(inArray(studioAssignees.assignmentId, assignmentIds))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/**
 * Claims the reminder of these dancers: those not reminded since `notBefore` get `at` and are answered; a
 * dancer claimed by a concurrent request is not (one statement, so a double click reminds once).
 */
export async function claimReminders(
  db: DbOrTx,
  assignmentId: string,
  userIds: string[],
  at: Date,
  notBefore: Date,
) {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(studioAssignees)
    .set({ remindedAt: at })
    .where(
      and(
        eq(studioAssignees.assignmentId, assignmentId),
        inArray(studioAssignees.userId, userIds),
        or(isNull(studioAssignees.remindedAt), lt(studioAssignees.remindedAt, notBefore)),
      ),
    )
    .returning({ userId: studioAssignees.userId });
  return rows.map((r) => r.userId);
}

/** The video ids of these playlists. */
export async function selectPlaylistVideoIds(db: DbOrTx, playlistIds: string[]) {
  if (playlistIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ playlistId: playlistItems.playlistId, videoId: playlistItems.videoId })
    .from(playlistItems)
    .where(inArray(playlistItems.playlistId, playlistIds));
  const byPlaylist = new Map<string, string[]>();
  for (const r of rows) byPlaylist.set(r.playlistId, [...(byPlaylist.get(r.playlistId) ?? []), r.videoId]);
  return byPlaylist;
}

/** How many of these videos each of these members has finished (the progress module's completion). */
export async function countCompleted(db: DbOrTx, userIds: string[], videoIds: string[]) {
  if (userIds.length === 0 || videoIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ userId: watchProgress.userId, n: count() })
    .from(watchProgress)
    .where(
      and(
        inArray(watchProgress.userId, userIds),
        inArray(watchProgress.videoId, videoIds),
        eq(watchProgress.isCompleted, true),
      ),
    )
    .groupBy(watchProgress.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
