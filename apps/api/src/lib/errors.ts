import { type ErrorCode, MESSAGES, statusOf } from '@dance/domain';

/** A failure with a stable code; the error handler turns it into the one problem+json body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;
  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf(code);
    this.fields = extra.fields;
    this.details = extra.details;
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.pleaseLoginAgain);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
