import { reactionEndpoints } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videoReactions } from '../../db/schema';
import { route } from '../../lib/route';
import { findVideo, readReactions } from '../playback/routes';

/**
 * Like or dislike (spec 2 §4): the client sends the reaction it wants, null to clear. Setting the same one
 * twice is harmless; the answer carries the counts after the change.
 */
export async function reactionsRoutes(app: FastifyInstance) {
  route(app, reactionEndpoints.setReaction, async (request) => {
    const { user } = request.caller;
    const video = await findVideo(app.db, request.params.videoId);
    const { reaction } = request.body;
    if (reaction === null) {
      await app.db
        .delete(videoReactions)
        .where(and(eq(videoReactions.userId, user.id), eq(videoReactions.videoId, video.id)));
    } else {
      await app.db
        .insert(videoReactions)
        .values({ userId: user.id, videoId: video.id, reaction })
        .onConflictDoUpdate({
          target: [videoReactions.userId, videoReactions.videoId],
          set: { reaction, updatedAt: new Date() },
        });
    }
    return { videoId: video.id, ...(await readReactions(app.db, video.id, user.id)) };
  });
}
