/**
 * Stable error codes and their HTTP statuses, shared by the API (which answers with them)
 * and the clients (which branch on them). Never rename a code: apps and support docs rely on it.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  ROLE_MISMATCH: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  ACCOUNT_EXISTS_INDIVIDUAL: 409,
  ACCOUNT_EXISTS_STUDIO_OWNER: 409,
  ACCOUNT_EXISTS_SUBUSER: 409,
  ADMIN_NOT_CONVERTIBLE: 409,
  /** Sign-up on an email whose owner was not proven: says neither that it exists nor what kind it is. */
  ACCOUNT_MAY_EXIST: 409,
  CONFLICT: 409,
  TOKEN_INVALID: 400,
  WRONG_PASSWORD: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** The user's stored uploads would pass their quota (UPLOAD_QUOTA_MB, VIDEO_UPLOAD_QUOTA_MB). */
  UPLOAD_QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  OVERLOADED: 503,
  NOT_READY: 503,
  INTERNAL: 500,
  ALREADY_SUBSCRIBED: 409,
  NO_SEATS_LEFT: 409,
  SUBSCRIPTION_INACTIVE: 409,
  BILLING_PROVIDER_ERROR: 502,
  /** Playback needs an active subscription (in_trial, active or non_renewing): the player sends to /plans. */
  SUBSCRIPTION_REQUIRED: 403,
  /** The video's media is still processing or failed. */
  MEDIA_NOT_READY: 409,
  /** An outside service (Vimeo, Shopify) failed or answered something unusable. */
  UPSTREAM_FAILED: 502,
  /** The feature needs an outside service that is not configured here. */
  NOT_CONFIGURED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
