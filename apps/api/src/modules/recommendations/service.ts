import { type ContentType, recommendationHeading, type TRecommendations } from '@dance/domain';
import type { DbOrTx } from '../../db/client';
import { toCards } from '../catalogue/cards';
import { findVideo } from '../playback/queries';
import { selectClasses, selectNextUp, selectRecommended } from './queries';

/** Which list the player shows beside a video: classes, recommended (PV) or what comes next. */
export async function recommendationsFor(
  db: DbOrTx,
  videoId: string,
  type: ContentType,
  userId: string,
): Promise<TRecommendations> {
  const video = await findVideo(db, videoId);
  const now = new Date();
  const rows =
    type === 'CL' || (type === 'PV' && video.kind === 'class')
      ? await selectClasses(db, video)
      : type === 'PV'
        ? await selectRecommended(db, video, now)
        : await selectNextUp(db, video, now);
  const heading = recommendationHeading(type === 'PV' && video.kind === 'class' ? 'CL' : type);
  return { heading, items: await toCards(db, rows, userId, now) };
}
