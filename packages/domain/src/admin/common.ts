import { z } from 'zod';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { text } from '../http/strings';

/** A page number from 1, as the admin lists send it. */
export const ZAdminPageNumber = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000)
  .default(1);

export const ZAdminPageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)
  .default(ADMIN_PAGE_SIZE);

/** An id in a path; anything but a uuid is a 400, never a database error. */
export const ZIdParams = z.object({ id: z.uuid('Unknown id') }).strict();

/** A hex colour (#rgb or #rrggbb), stored lower-case. */
export const ZHexColor = text()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Pick a colour such as #1c7ed6')
  .transform((c) => c.toLowerCase());

export const ZDeleted = z.object({ id: z.string(), message: z.string().optional() });
export type TDeleted = z.infer<typeof ZDeleted>;

/** The pages of a list: window of `size` page numbers around the current one (spec 3 §9: 5). */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages < 1) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
