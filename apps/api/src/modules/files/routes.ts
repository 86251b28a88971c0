import {
  API_PREFIX,
  MAX_UPLOAD_BYTES,
  UPLOAD_PATH,
  UPLOAD_TOO_LARGE_MESSAGE,
  ZProblem,
  ZUploadResponse,
} from '@dance/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { authHook } from '../../lib/route';
import { securityOf } from '../../plugins/openapi';
import { storeImage } from './service';

const MALFORMED_UPLOAD_MESSAGE = 'The upload was incomplete or malformed. Please try again.';

/**
 * Image uploads through the file store: at most 50 MB, multipart (`purpose` then `file`); the rules are in
 * storeImage.
 */
export async function filesRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });

  // Multipart cannot go through route()'s zod body, so the raw route declares its auth to the same hook.
  app.post(
    `${API_PREFIX}${UPLOAD_PATH}`,
    {
      preParsing: authHook({ method: 'POST', path: UPLOAD_PATH, auth: 'session' }),
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      schema: {
        summary: 'Upload an image (multipart: `purpose` then `file`); answers its URL',
        tags: ['files'],
        operationId: 'files.upload',
        consumes: ['multipart/form-data'],
        security: securityOf('session'),
        response: {
          201: ZUploadResponse,
          400: ZProblem,
          401: ZProblem,
          403: ZProblem,
          413: ZProblem,
          415: ZProblem,
        },
      },
    },
    async (request, reply) => {
      const { user } = request.caller!;
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
      let purpose: string | undefined;
      let body: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'purpose') purpose = String(part.value);
          if (part.type === 'file' && part.fieldname === 'file') body = await part.toBuffer();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
        if (error instanceof AppError) throw error;
        // Anything the multipart parser refuses (a body cut short, parts without headers, over a part
        // limit) is the client's: a 400 that says so, never a 500.
        throw new AppError('VALIDATION_FAILED', MALFORMED_UPLOAD_MESSAGE);
      }
      const stored = await storeImage(
        { db: app.db, files: app.files, quotaBytes: app.config.uploadQuota.imageBytes },
        user,
        { purpose, body },
      );
      reply.code(201);
      return stored;
    },
  );
}
