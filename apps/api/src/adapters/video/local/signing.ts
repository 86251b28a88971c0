import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs of the local provider. The signature (HMAC-SHA256 with the server's secret) covers the
 * asset's folder and the expiry, and sits in the path, not the query: an HLS playlist names its segments by
 * relative URLs, which keep the path but drop the query. A copied link stops working after its expiry.
 *
 *   /api/v1/media/{assetId}/{expiresAt unix s}/{signature}/master.m3u8
 */
export const MEDIA_PREFIX = '/api/v1/media';

export function signMediaScope(secret: string, assetId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`media:${assetId}:${expiresAt}`).digest('base64url');
}

export function signedMediaBase(secret: string, assetId: string, expiresAt: number): string {
  return `${MEDIA_PREFIX}/${assetId}/${expiresAt}/${signMediaScope(secret, assetId, expiresAt)}`;
}

export type MediaSignatureCheck = 'ok' | 'expired' | 'invalid';

export function verifyMediaSignature(
  secret: string,
  assetId: string,
  expiresAt: number,
  signature: string,
  now = Date.now(),
): MediaSignatureCheck {
  const expected = Buffer.from(signMediaScope(secret, assetId, expiresAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt * 1000 > now ? 'ok' : 'expired';
}

/** Upload URLs (the local stand-in of Mux's storage URL): signed the same way, for one upload id. */
export function signUploadToken(secret: string, uploadId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`upload:${uploadId}:${expiresAt}`).digest('base64url');
}

export function verifyUploadToken(
  secret: string,
  uploadId: string,
  expiresAt: number,
  token: string,
  now = Date.now(),
): boolean {
  const expected = Buffer.from(signUploadToken(secret, uploadId, expiresAt));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) && expiresAt * 1000 > now;
}
