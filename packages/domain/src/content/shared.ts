import { z } from 'zod';
import { text } from '../http/strings';

export const CONTENT_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) that exists. */
export const dateString = (message: string) =>
  text({ error: message })
    .trim()
    .refine((v) => {
      if (!CONTENT_DATE_PATTERN.test(v)) return false;
      const parsed = new Date(`${v}T00:00:00Z`);
      // Rejects dates that roll over (2026-02-30).
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === v;
    }, message);

/** A link the apps can open: absolute http(s), or a path on our own host (uploaded files are /files/...). */
export const linkString = (message = 'Enter a valid link (https://… or /files/…)') =>
  text()
    .trim()
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s]+\.[^\s]+/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), message);

/** An optional link: empty text counts as none. */
export const optionalLink = (message?: string) =>
  z
    .union([z.literal('').transform(() => null), linkString(message)])
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const ZContentIdParams = z.object({ id: z.uuid('Not found') }).strict();

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
