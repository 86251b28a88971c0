import { reactionEndpoints } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { findVideo, readReactions } from '../playback/queries';
import { writeReaction } from './queries';

/**
 * Like or dislike (spec 2 §4): the client sends the reaction it wants, null to clear. Setting the same one
 * twice is harmless; the answer carries the counts after the change.
 */
export async function reactionsRoutes(app: FastifyInstance) {
  route(app, reactionEndpoints.setReaction, async (request) => {
    const { user } = request.caller;
    const video = await findVideo(app.db, request.params.videoId);
    await writeReaction(app.db, user.id, video.id, request.body.reaction);
    return { videoId: video.id, ...(await readReactions(app.db, video.id, user.id)) };
  });
}
