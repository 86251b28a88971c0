import { ApiError } from '@dance/api-client';

/**
 * The server's own message for a failed call (the spec shows it word for word), or the fallback when
 * there is none: the network failed, or the answer was not one of ours.
 */
export function readServerMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.problem?.message) return error.problem.message;
  return fallback;
}

/** Field messages of a 400 VALIDATION_FAILED, keyed by the body's field names. */
export function readFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
    return { ...(error.problem?.fields ?? {}) };
  return {};
}

export function hasErrorCode(error: unknown, code: ApiError['code']): boolean {
  return error instanceof ApiError && error.code === code;
}
