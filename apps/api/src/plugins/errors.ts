import {
  type ErrorCode,
  installPlainValidationMessages,
  MESSAGES,
  statusOf,
  type TProblem,
} from '@dance/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const TITLES: Partial<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  extra: Pick<TProblem, 'fields' | 'details'> = {},
) {
  const status = statusOf(code);
  const body: TProblem = {
    type: `https://docs.dancetraining.example/problems/${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    message,
    requestId: request.id,
    ...extra,
  };
  return reply.code(status).type('application/problem+json').send(body);
}

/** PostgreSQL's fields on a driver error (postgres.js names the constraint `constraint_name`, PGlite `constraint`). */
interface PgErrorFields {
  code: string;
  constraint?: string;
  constraint_name?: string;
}

/** The database's own error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`), if any. */
function databaseErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorFields;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Unique indexes whose violation is a caller's conflict, with the answer of the checked path: two requests
 * racing past the check (two sign-ups or invitations with one email) get the same 409, never a 500.
 */
const UNIQUE_CONFLICTS: Record<string, { code: ErrorCode; message: string; field?: string }> = {
  users_email_key: { code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken, field: 'email' },
  categories_name_key: { code: 'CONFLICT', message: MESSAGES.alreadyExists, field: 'name' },
  tags_name_key: { code: 'CONFLICT', message: MESSAGES.alreadyExists, field: 'name' },
  products_handle_key: { code: 'CONFLICT', message: MESSAGES.alreadyExists, field: 'handle' },
};

/**
 * Data exceptions caused by the input (text the database cannot store: NUL, invalid UTF-8 or a character the
 * encoding lacks; a malformed value or one out of range). The contracts refuse these first; this is the net.
 */
const INVALID_INPUT_SQLSTATES = new Set([
  '22021', // character_not_in_repertoire (NUL, invalid byte sequence)
  '22P05', // untranslatable_character
  '22P02', // invalid_text_representation
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
]);

/** Maps a database error a caller caused to its 4xx; null for anything else (a real 500). */
export function classifyDatabaseError(
  error: unknown,
): { code: ErrorCode; message: string; fields?: Record<string, string> } | null {
  const pg = databaseErrorOf(error);
  if (!pg) return null;
  if (pg.code === '23505') {
    const constraint = pg.constraint_name ?? pg.constraint ?? '';
    const conflict = UNIQUE_CONFLICTS[constraint];
    if (!conflict) return null;
    return {
      code: conflict.code,
      message: conflict.message,
      ...(conflict.field ? { fields: { [conflict.field]: conflict.message } } : {}),
    };
  }
  if (INVALID_INPUT_SQLSTATES.has(pg.code)) return { code: 'BAD_REQUEST', message: MESSAGES.invalidText };
  return null;
}

/** Maps a thrown error to a stable code and message. */
function classify(error: FastifyError): {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
} {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
      fields[key] ??= issue.message ?? MESSAGES.validationFailed;
    }
    const first = error.validation[0]?.message ?? MESSAGES.validationFailed;
    return { code: 'VALIDATION_FAILED', message: first, fields };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
  }
  if (error.statusCode === 429) return { code: 'RATE_LIMITED', message: MESSAGES.rateLimited };
  // @fastify/under-pressure: the event loop is overloaded; Retry-After is already set.
  if (error.statusCode === 503) return { code: 'OVERLOADED', message: MESSAGES.overloaded };
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
  }
  const database = classifyDatabaseError(error);
  if (database) return database;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'BAD_REQUEST', message: error.message };
  }
  return { code: 'INTERNAL', message: MESSAGES.somethingWentWrong };
}

/** One error body everywhere: problem+json with a stable code, the message and the request id. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Validation messages reach members and operators: plain words, not zod's developer text (issue 22 item 8).
  installPlainValidationMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, request, error.code, error.message, {
        fields: error.fields,
        details: error.details,
      });
    }
    if (isResponseSerializationError(error as never)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendProblem(reply, request, 'INTERNAL', MESSAGES.somethingWentWrong);
    }
    const { code, message, fields } = classify(error);
    if (code === 'INTERNAL') request.log.error({ err: error }, 'unhandled error');
    else if (code === 'BAD_REQUEST' && databaseErrorOf(error))
      // The contract should have refused this input before the database saw it.
      request.log.warn({ err: error }, 'the database refused the input');
    return sendProblem(reply, request, code, message, fields ? { fields } : {});
  });
});

/** Unknown routes: set inside the web API's context (app.ts) so 404s get its headers and CORS. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(
    reply,
    request,
    'NOT_FOUND',
    `No route for ${request.method} ${request.url.split('?')[0]}`,
  );
}
