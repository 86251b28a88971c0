import { randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  MAX_SVG_UPLOAD_BYTES,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  policy,
  SVG_TOO_LARGE_MESSAGE,
  UPLOAD_PATH,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  ZProblem,
  ZUploadPurpose,
  ZUploadResponse,
} from '@dance/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { sanitizeSvg } from '../../adapters/files/sanitize-svg';
import { sniffImage } from '../../adapters/files/sniff';
import { AppError } from '../../lib/errors';
import { authHook } from '../../lib/route';
import { securityOf } from '../../plugins/openapi';
import { toSessionUser } from '../auth/sessions';
import { releaseUpload, reserveUpload } from './quota';

/**
 * Image uploads through the file store: at most 50 MB, type read from the bytes (GIF, JPEG, PNG, SVG,
 * sanitised), stored under a random name. Members may upload a profile image; other purposes need an admin.
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
        throw error;
      }
      const parsedPurpose = ZUploadPurpose.safeParse(purpose ?? 'profile-image');
      if (!parsedPurpose.success)
        throw new AppError('VALIDATION_FAILED', 'Unknown upload purpose', {
          fields: { purpose: 'Unknown upload purpose' },
        });
      if (parsedPurpose.data !== 'profile-image' && !policy.canUseAdminConsole(toSessionUser(user))) {
        throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      }
      if (!body || body.length === 0)
        throw new AppError('VALIDATION_FAILED', 'Please choose a file', {
          fields: { file: 'Please choose a file' },
        });
      const sniffed = await sniffImage(body);
      if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
      let bytes = body;
      if (sniffed.type === 'image/svg+xml') {
        if (body.length > MAX_SVG_UPLOAD_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', SVG_TOO_LARGE_MESSAGE);
        // Parsed and cleaned (DOMPurify); a file that leaves no SVG root is not an image we can keep.
        const clean = sanitizeSvg(body.toString('utf8'));
        if (clean === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
        bytes = Buffer.from(clean);
      }
      const key = `${parsedPurpose.data}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${sniffed.extension}`;
      // The per-user quota (issue 13, 12c): reserved before the bytes are stored, given back if storing fails.
      const reservation = await reserveUpload(app.db, {
        uploaderId: user.id,
        kind: 'image',
        key,
        sizeBytes: bytes.length,
        quotaBytes: app.config.uploadQuota.imageBytes,
      });
      let url: string;
      try {
        ({ url } = await app.files.put(key, bytes, sniffed.type));
      } catch (error) {
        await releaseUpload(app.db, reservation);
        throw error;
      }
      reply.code(201);
      return { url, contentType: sniffed.type, size: bytes.length };
    },
  );
}
