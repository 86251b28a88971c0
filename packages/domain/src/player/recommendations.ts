import { z } from 'zod';
import { ZVideoCard, ZVideoIdParams } from '../catalogue/contracts';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { RECOMMENDATION_HEADINGS } from './content-type';
import { ZContentTypeParam } from './playback';

export const ZRecommendations = z.object({
  heading: z.enum(RECOMMENDATION_HEADINGS),
  items: z.array(ZVideoCard),
});
export type TRecommendations = z.infer<typeof ZRecommendations>;

/** The slider under the player (the API's recommendations module). */
export const recommendationEndpoints = {
  recommendations: defineEndpoint({
    method: 'GET',
    path: '/videos/:videoId/recommendations',
    summary: 'The slider under the player: ALL CLASSES, RECOMMENDED or NEXT UP by context',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    query: z.object({ type: ZContentTypeParam, playlistId: text().max(64).optional() }).strict(),
    response: ZRecommendations,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  }),
} as const;
