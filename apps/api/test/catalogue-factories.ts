import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { categories, instructors, products, tags, videos } from '../src/db/schema';
import { buildSearchText } from '../src/modules/catalogue/search-text';

let n = 0;
const next = () => ++n;

export async function createCategory(app: FastifyInstance, name = `Category ${next()}`) {
  const [row] = await app.db
    .insert(categories)
    .values({ name, routePath: `/${name.replace(/\s/g, '')}`, position: next() })
    .returning();
  return row!;
}

export async function createTag(app: FastifyInstance, name = `Tag ${next()}`, priority = 100 + next()) {
  const [row] = await app.db.insert(tags).values({ name, priority, color: '#123456' }).returning();
  return row!;
}

export async function createInstructor(app: FastifyInstance, name = `Instructor ${next()}`) {
  const [row] = await app.db.insert(instructors).values({ name }).returning();
  return row!;
}

export async function createProduct(app: FastifyInstance, title = `Product ${next()}`) {
  const [row] = await app.db
    .insert(products)
    .values({ title, handle: `product-${next()}`, subname: 'Demo' })
    .returning();
  return row!;
}

export interface VideoInput {
  title?: string;
  kind?: 'library' | 'class';
  categoryId?: string | null;
  instructorId?: string | null;
  durationSeconds?: number;
  /** Days ago (negative: in the future). */
  releasedDaysAgo?: number;
  levels?: string[];
  tagIds?: string[];
  productIds?: string[];
  keywords?: string[];
  description?: string;
  isFeatured?: boolean;
  instructorName?: string;
  tagNames?: string[];
}

export async function createVideo(app: FastifyInstance, input: VideoInput = {}) {
  const title = input.title ?? `Video ${next()}`;
  const releaseDate = addDays(todayInNewYork(), -(input.releasedDaysAgo ?? 10));
  const [row] = await app.db
    .insert(videos)
    .values({
      title,
      kind: input.kind ?? 'library',
      categoryId: input.categoryId ?? null,
      instructorId: input.instructorId ?? null,
      durationSeconds: input.durationSeconds ?? 120,
      releaseDate,
      releaseAt: releaseInstant(releaseDate),
      levels: input.levels ?? ['Beginner'],
      tagIds: input.tagIds ?? [],
      productIds: input.productIds ?? [],
      keywords: input.keywords ?? [],
      description: input.description ?? '',
      isFeatured: input.isFeatured ?? false,
      searchText: buildSearchText({
        title,
        description: input.description ?? '',
        shortDescription: '',
        instructorName: input.instructorName ?? null,
        tagNames: input.tagNames ?? [],
        keywords: input.keywords ?? [],
      }),
    })
    .returning();
  return row!;
}
