import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'File size must be less than 50MB';
export const UPLOAD_TYPE_MESSAGE = 'Please upload a GIF, JPEG, PNG or SVG image.';

/** What an upload is for: members may upload their profile image; every other purpose is admin-only. */
export const UPLOAD_PURPOSES = [
  'profile-image',
  'banner',
  'popup',
  'instructor',
  'thumbnail',
  'playlist',
  'product',
  'notification',
] as const;
export const ZUploadPurpose = z.enum(UPLOAD_PURPOSES);
export type UploadPurpose = z.infer<typeof ZUploadPurpose>;

export const ZUploadResponse = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** POST /api/v1/files (multipart: field `purpose`, then field `file`). */
export const UPLOAD_PATH = '/files';
