import { z } from 'zod';
import { ZVideoIdParams } from '../catalogue/contracts';
import { defineEndpoint } from '../http/endpoint';

export const ZReactionValue = z.enum(['like', 'dislike']);
export type TReactionValue = z.infer<typeof ZReactionValue>;

export const ZReactionBody = z.object({ reaction: ZReactionValue.nullable() }).strict();
export const ZReactionState = z.object({
  videoId: z.string(),
  reaction: ZReactionValue.nullable(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
});
export type TReactionState = z.infer<typeof ZReactionState>;

/** Likes and dislikes (the API's reactions module). */
export const reactionEndpoints = {
  setReaction: defineEndpoint({
    method: 'PUT',
    path: '/videos/:videoId/reaction',
    summary: 'Like, dislike or clear (null) the member’s reaction',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    body: ZReactionBody,
    response: ZReactionState,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
} as const;
