import { type ErrorCode, MESSAGES, statusOf, type TProblem } from '@dance/domain';
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
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: 'BAD_REQUEST', message: error.message };
  }
  return { code: 'INTERNAL', message: MESSAGES.somethingWentWrong };
}

/** One error body everywhere: problem+json with a stable code, the message and the request id. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
