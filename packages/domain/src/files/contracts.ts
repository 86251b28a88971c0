import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'File size must be less than 50MB';
/**
 * SVGs are parsed and cleaned on the server (jsdom + DOMPurify), which costs about a second for 256 KB on a busy
 * 2-core machine and grows with the size: a larger drawing is refused before it is parsed.
 */
export const MAX_SVG_UPLOAD_BYTES = 256 * 1024;
export const SVG_TOO_LARGE_MESSAGE = 'SVG images must be smaller than 256KB';
/** The image types an upload may be (the server reads the real type from the bytes); for file pickers' `accept`. */
export const UPLOAD_IMAGE_TYPES = [
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
];
export const UPLOAD_TYPE_MESSAGE = 'Please upload an AVIF, GIF, JPEG, PNG, SVG or WebP image.';
export const IMAGE_UNREADABLE_MESSAGE =
  'This image could not be read; it may be damaged. Please choose another file.';

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

export const ZUploadResponse = z.object({
  url: z
    .string()
    .describe(
      "The file's URL. A raster image shown large ends in `#webp=<widths>`: WebP variants of those widths are stored beside it, `abc.jpg#webp=320,640` -> `abc.w320.webp`, `abc.w640.webp` (decision 0063).",
    ),
  contentType: z.string(),
  size: z.number().int(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** POST /api/v1/files (multipart: field `purpose`, then field `file`). */
export const UPLOAD_PATH = '/files';
