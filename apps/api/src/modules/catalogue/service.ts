import { MESSAGES, policy, type Viewer, type ZListVideosQuery } from '@dance/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { toCards } from './cards';
import { saveVideo, selectVideoPage, type VideoFilters, videoExists } from './queries';

type ListQuery = z.output<typeof ZListVideosQuery>;

/**
 * The kind of videos a list shows: class videos (CLASSES) are for users with a user type, and admins
 * (spec 1 §6); a list with neither kind nor category is the library.
 */
export function listKindFor(viewer: Viewer, q: Pick<ListQuery, 'kind' | 'category'>): VideoFilters['kind'] {
  if (q.kind === 'class') {
    if (!viewer) throw unauthenticated();
    if (!policy.canOpenClasses(viewer))
      throw new AppError('FORBIDDEN', 'Classes are part of a plan. Choose a plan to unlock them.');
    return q.kind;
  }
  return !q.kind && !q.category ? 'library' : q.kind;
}

/** A page of the member's saved videos, with their filters. */
export async function savedVideosPage(db: DbOrTx, userId: string, q: Omit<ListQuery, 'kind' | 'category'>) {
  const { rows, total } = await selectVideoPage(
    db,
    {
      savedBy: userId,
      tags: q.tags,
      durations: q.durations,
      levels: q.levels,
      instructors: q.instructors,
      products: q.products,
    },
    q.sort,
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, seed: q.seed },
  );
  return { items: await toCards(db, rows, userId), total, page: q.page, pageSize: q.pageSize };
}

/** Saves a video for the member (saving it twice is harmless). */
export async function saveVideoFor(db: DbOrTx, userId: string, videoId: string) {
  if (!(await videoExists(db, videoId))) throw notFound(MESSAGES.notFound);
  await saveVideo(db, userId, videoId);
}
