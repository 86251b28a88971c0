import { z } from 'zod';
import { ZVideoCard, ZVideoIdParams } from '../catalogue/contracts';
import { MAX_PAGE_SIZE } from '../constants';
import { defineEndpoint } from '../http/endpoint';

export const ZProgressBody = z
  .object({
    positionSeconds: z.number().min(0).max(86_400),
    durationSeconds: z.number().min(0).max(86_400),
  })
  .strict();
export const ZProgressState = z.object({
  videoId: z.string(),
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  isCompleted: z.boolean(),
});

export const ZHistoryItem = z.object({
  video: ZVideoCard,
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  /** 0..1 */
  progress: z.number(),
  isCompleted: z.boolean(),
  watchedAt: z.string(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;
export const ZHistoryPage = z.object({
  items: z.array(ZHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type THistoryPage = z.infer<typeof ZHistoryPage>;

export const ZPlayerPreferences = z
  .object({
    isMirrored: z.boolean(),
    playbackRate: z.number().min(0.25).max(2),
  })
  .strict();
export type TPlayerPreferences = z.infer<typeof ZPlayerPreferences>;

/** Watch progress, history and player preferences (the API's progress module). */
export const progressEndpoints = {
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/me/progress/:videoId',
    summary: 'Where the member is in a video (saved periodically and on leave)',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    body: ZProgressBody,
    response: ZProgressState,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/me/history',
    summary: 'Watched videos, most recent first, with progress',
    tags: ['player'],
    auth: 'session',
    query: z
      .object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
        inProgress: z
          .enum(['true', 'false'])
          .optional()
          .transform((v) => v === 'true'),
      })
      .strict(),
    response: ZHistoryPage,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED'],
  }),
  removeHistory: defineEndpoint({
    method: 'DELETE',
    path: '/me/history/:videoId',
    summary: 'Forget a video in the history',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    response: z.object({ videoId: z.string() }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
  getPreferences: defineEndpoint({
    method: 'GET',
    path: '/me/player-preferences',
    summary: 'Mirror and speed, remembered per member across devices',
    tags: ['player'],
    auth: 'session',
    response: ZPlayerPreferences,
    errors: ['UNAUTHENTICATED'],
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/me/player-preferences',
    summary: 'Remember mirror and speed',
    tags: ['player'],
    auth: 'session',
    body: ZPlayerPreferences,
    response: ZPlayerPreferences,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
} as const;
