import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'File size must be less than 50MB';
/**
 * SVGs are parsed and cleaned on the server (jsdom + DOMPurify), which costs about a second for 256 KB on a busy
 * 2-core machine and grows with the size: a larger drawing is refused before it is parsed.
 */
export const MAX_SVG_UPLOAD_BYTES = 256 * 1024;
export const SVG_TOO_LARGE_MESSAGE = 'SVG images must be smaller than 256KB';
export const UPLOAD_TYPE_MESSAGE = 'Please upload a GIF, JPEG, PNG or SVG image.';

/** What an upload is for: members may upload their profile image and comment images; the rest is admin-only. */
export const UPLOAD_PURPOSES = [
  'profile-image',
  'banner',
  'popup',
  'instructor',
  'thumbnail',
  'playlist',
  'product',
  'notification',
  'comment-image',
] as const;
export const ZUploadPurpose = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof ZUploadPurpose>;

export const ZUploadResponse = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** POST /api/v1/files (multipart: field `purpose`, then field `file`). */
export const UPLOAD_PATH = '/files';
