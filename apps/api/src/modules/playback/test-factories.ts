import type { SubscriptionStatus } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createVideo, type VideoInput } from '../../../test/catalogue-factories';
import { mediaAssets, subscriptions, videos } from '../../db/schema';

/** A local asset marked ready (playback only signs URLs: no files are needed to test access). */
export async function createReadyAsset(app: FastifyInstance, title = 'Asset') {
  const [row] = await app.db
    .insert(mediaAssets)
    .values({
      provider: 'local',
      status: 'ready',
      title,
      durationSeconds: 120,
      width: 1280,
      height: 720,
      hasStoryboard: true,
      posterUrl: '/files/posters/p.jpg',
      subtitles: [{ lang: 'en', label: 'English', ref: 'en.vtt' }],
    })
    .returning();
  return row!;
}

/** A video linked to a ready asset (and a ready trailer for classes). */
export async function createPlayableVideo(app: FastifyInstance, input: VideoInput = {}) {
  const video = await createVideo(app, input);
  const asset = await createReadyAsset(app, video.title);
  const trailer = input.kind === 'class' ? await createReadyAsset(app, `${video.title} trailer`) : null;
  await app.db
    .update(videos)
    .set({
      videoUrl: asset.id,
      trailerUrl: trailer?.id ?? null,
      chapters: [
        { title: 'Intro', timeSeconds: 0, thumbnailUrl: null },
        { title: 'Combo', timeSeconds: 60, thumbnailUrl: '/files/c.jpg' },
      ],
    })
    .where(eq(videos.id, video.id));
  return { video, asset, trailer };
}

/** A subscription row in the given status for the user. */
export async function subscribe(
  app: FastifyInstance,
  userId: string,
  status: SubscriptionStatus,
  planId: 'INDIVIDUAL' | 'VIP' | 'STUDIO-5' | 'STUDIO-10' = 'INDIVIDUAL',
) {
  await app.db.insert(subscriptions).values({
    userId,
    provider: 'sandbox',
    providerSubscriptionId: `sub-${userId}-${status}`,
    providerCustomerId: `cus-${userId}`,
    planId,
    period: 'monthly',
    status,
    resourceVersion: Date.now(),
  });
}
