import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { trcApplications, trcContent } from '../../db/schema';
import { createReadyAsset } from '../playback/test-factories';
import { storeDocument } from './documents';
import { renderLessonPlan, standardOutline } from './lesson-plan-pdf';

export const lessonPlanPdf = (pages = 3, title = 'Tap Basics') =>
  renderLessonPlan(standardOutline(title, 'Beginner', 'Ms. Rivera', pages));

interface ContentOptions {
  title?: string;
  categories?: string[];
  /** Days from today (New York); negative is released, positive is a future release. */
  releaseInDays?: number;
  pages?: number;
  allowDownload?: boolean;
  tagIds?: string[];
  durationSeconds?: number;
}

/** A PDF item with a real document in the private store. */
export async function createTrcPdf(app: FastifyInstance, o: ContentOptions = {}) {
  const doc = await storeDocument(
    app,
    null as unknown as string,
    'plan.pdf',
    await lessonPlanPdf(o.pages ?? 3),
  );
  const releaseDate = addDays(todayInNewYork(), o.releaseInDays ?? -1);
  const [row] = await app.db
    .insert(trcContent)
    .values({
      title: o.title ?? 'Tap Basics',
      about: '<p>A lesson plan.</p>',
      fileType: 'pdf',
      documentId: doc.id,
      pages: doc.pages,
      allowDownload: o.allowDownload ?? false,
      categories: o.categories ?? ['lesson-plans'],
      tagIds: o.tagIds ?? [],
      releaseDate,
      releaseAt: releaseInstant(releaseDate),
      searchText: (o.title ?? 'Tap Basics').toLowerCase(),
    })
    .returning();
  return { content: row!, document: doc };
}

/** A video item linked to a ready asset. */
export async function createTrcVideo(app: FastifyInstance, o: ContentOptions = {}) {
  const asset = await createReadyAsset(app, o.title ?? 'Teaching turns');
  const releaseDate = addDays(todayInNewYork(), o.releaseInDays ?? -1);
  const [row] = await app.db
    .insert(trcContent)
    .values({
      title: o.title ?? 'Teaching turns',
      about: '<p>A teaching video.</p>',
      fileType: 'video',
      mediaAssetId: asset.id,
      durationSeconds: o.durationSeconds ?? 120,
      categories: o.categories ?? ['videos'],
      tagIds: o.tagIds ?? [],
      releaseDate,
      releaseAt: releaseInstant(releaseDate),
      searchText: (o.title ?? 'Teaching turns').toLowerCase(),
    })
    .returning();
  return { content: row!, asset };
}

export async function createApplication(
  app: FastifyInstance,
  user: { id: string; email: string },
  status: 'pending' | 'approved' | 'rejected' = 'pending',
) {
  const [row] = await app.db
    .insert(trcApplications)
    .values({
      userId: user.id,
      name: 'Test Teacher',
      email: user.email,
      link: 'https://www.instagram.com/test/',
      roles: ['instructor'],
      status,
    })
    .returning();
  return row!;
}
