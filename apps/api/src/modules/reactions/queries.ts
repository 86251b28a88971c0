import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { videoReactions } from '../../db/schema';

type Reaction = typeof videoReactions.$inferInsert.reaction;

/** The member's reaction to a video: set (or changed), or cleared with null. */
export async function writeReaction(db: DbOrTx, userId: string, videoId: string, reaction: Reaction | null) {
  if (reaction === null) {
    await db
      .delete(videoReactions)
      .where(and(eq(videoReactions.userId, userId), eq(videoReactions.videoId, videoId)));
    return;
  }
  await db
    .insert(videoReactions)
    .values({ userId, videoId, reaction })
    .onConflictDoUpdate({
      target: [videoReactions.userId, videoReactions.videoId],
      set: { reaction, updatedAt: new Date() },
    });
}
