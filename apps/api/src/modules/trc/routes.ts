import {
  API_PREFIX,
  TRC_CATEGORIES,
  TRC_DOCUMENT_UPLOAD_PATH,
  TRC_MAX_PDF_BYTES,
  TRC_MESSAGES,
  trcEndpoints,
  ZProblem,
  ZTrcDocumentUpload,
} from '@dance/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_HEADERS } from '../../adapters/files';
import { AppError } from '../../lib/errors';
import { authHook, route } from '../../lib/route';
import { securityOf } from '../../plugins/openapi';
import type { AdminChange } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import { registerCommentSubject } from '../comments/subjects';
import { trcCommentSubject } from './access';
import {
  byteRangeOf,
  type Disposition,
  fetchPdf,
  readFirstPage,
  storeDocument,
  verifyDocumentSignature,
  verifyFirstPageSignature,
} from './documents';
import { findDocument } from './queries';
import {
  accessState,
  adminGet,
  adminList,
  adminOptions,
  createContent,
  decide,
  detail,
  documentOf,
  editContent,
  filterOptions,
  home,
  listApplications,
  listContent,
  playback,
  react,
  removeContent,
  requireTrc,
  submitRequest,
} from './service';

const toDocumentUpload = (d: { id: string; name: string; pages: number; sizeBytes: number }) => ({
  documentId: d.id,
  name: d.name,
  pages: d.pages,
  sizeBytes: d.sizeBytes,
});

/** The Teacher Resource Center: access requests, browsing, signed media, admin approval and content. */
export async function trcRoutes(app: FastifyInstance) {
  registerCommentSubject('trc', trcCommentSubject);
  const changeBy = (request: Pick<FastifyRequest, 'id'> & { caller: ResolvedSession }): AdminChange => ({
    db: app.db,
    request,
    actorId: request.caller.user.id,
  });

  // Access
  route(app, trcEndpoints.accessState, async (request) => accessState(app.db, request.caller.user));
  route(app, trcEndpoints.requestAccess, async (request) =>
    submitRequest(app, request.caller.user, request.body, 'requestAccess'),
  );
  route(app, trcEndpoints.resubmit, async (request) =>
    submitRequest(app, request.caller.user, request.body, 'resubmit'),
  );

  // Browsing: every call needs granted access.
  route(app, trcEndpoints.categories, async (request) => {
    await requireTrc(app.db, request.caller.user, 'browse');
    return { items: TRC_CATEGORIES.map((c) => ({ id: c.id, name: c.name })) };
  });
  route(app, trcEndpoints.home, async (request) => {
    await requireTrc(app.db, request.caller.user, 'browse');
    return home(app.db);
  });
  route(app, trcEndpoints.filters, async (request) => {
    await requireTrc(app.db, request.caller.user, 'browse');
    return filterOptions(app.db);
  });
  route(app, trcEndpoints.list, async (request) => {
    await requireTrc(app.db, request.caller.user, 'browse');
    return listContent(app.db, request.query);
  });
  route(app, trcEndpoints.detail, async (request) => {
    await requireTrc(app.db, request.caller.user, 'browse');
    return detail(app.db, request.caller.user, request.params.id);
  });
  route(app, trcEndpoints.playback, async (request) => {
    await requireTrc(app.db, request.caller.user, 'playVideo');
    return playback(app, request.caller.user, request.params.id);
  });
  route(app, trcEndpoints.document, async (request) => {
    await requireTrc(app.db, request.caller.user, 'readPdf');
    return documentOf(app, request.caller.user, request.params.id);
  });
  route(app, trcEndpoints.react, async (request) => {
    await requireTrc(app.db, request.caller.user, 'react');
    return react(app.db, request.caller.user, request.params.id, request.body.reaction);
  });

  // Admin: approval
  route(app, trcEndpoints.adminApplications, async (request) => listApplications(app.db, request.query));
  route(app, trcEndpoints.adminDecide, async (request) =>
    decide(app, changeBy(request), request.params.id, request.body.status),
  );

  // Admin: content
  route(app, trcEndpoints.adminList, async (request) => adminList(app.db, request.query));
  route(app, trcEndpoints.adminOptions, async () => adminOptions(app.db));
  route(app, trcEndpoints.adminGet, async (request) => adminGet(app.db, request.params.id));
  route(app, trcEndpoints.adminCreate, async (request) => createContent(changeBy(request), request.body));
  route(app, trcEndpoints.adminUpdate, async (request) =>
    editContent(changeBy(request), request.params.id, request.body),
  );
  route(app, trcEndpoints.adminRemove, async (request) => ({
    id: await removeContent(changeBy(request), request.params.id),
  }));
  route(app, trcEndpoints.adminDocumentFromUrl, async (request) => {
    const { bytes, name } = await fetchPdf(request.body.url);
    return toDocumentUpload(await storeDocument(app, request.caller.user.id, name, bytes));
  });

  await app.register(documentRoutes);
}

/** The raw routes: the PDF upload (multipart) and the signed PDF file. */
async function documentRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: TRC_MAX_PDF_BYTES, files: 1, fields: 2, fieldSize: 1024 },
  });

  // Multipart cannot go through route()'s zod body, so the raw route declares its auth to the same hook.
  app.post(
    `${API_PREFIX}${TRC_DOCUMENT_UPLOAD_PATH}`,
    {
      preParsing: authHook({ method: 'POST', path: TRC_DOCUMENT_UPLOAD_PATH, auth: 'admin' }),
      bodyLimit: TRC_MAX_PDF_BYTES + 1024 * 1024,
      schema: {
        summary: 'Upload a TRC PDF (multipart: `file`); kept privately, its pages counted from the file',
        tags: ['admin: trc'],
        operationId: 'trc.adminUploadDocument',
        consumes: ['multipart/form-data'],
        security: securityOf('admin'),
        response: {
          201: ZTrcDocumentUpload,
          400: ZProblem,
          401: ZProblem,
          403: ZProblem,
          413: ZProblem,
          415: ZProblem,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
      let body: Buffer | null = null;
      let name = 'document.pdf';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file') {
            name = part.filename || name;
            body = await part.toBuffer();
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', TRC_MESSAGES.fileTooLarge);
        throw error;
      }
      if (!body || body.length === 0)
        throw new AppError('VALIDATION_FAILED', TRC_MESSAGES.pdfRequired, {
          fields: { file: TRC_MESSAGES.pdfRequired },
        });
      const stored = await storeDocument(app, request.caller!.user.id, name, body);
      reply.code(201);
      return toDocumentUpload(stored);
    },
  );

  // A PDF's first page as an image, behind its own signed, expiring link (issued with the PDF's). Documents stored
  // before the image existed get it drawn on their first request, and kept.
  app.get<{ Params: { documentId: string }; Querystring: { e?: string; s?: string } }>(
    `${API_PREFIX}/trc/files/:documentId/first-page`,
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const { documentId } = request.params;
      const { doc, maxAge } = await openSignedLink(app, documentId, request.query.e, () =>
        verifyFirstPageSignature(app.video.secret, documentId, request.query),
      );
      const image = await readFirstPage(app, doc.storageKey);
      if (!image) throw new AppError('NOT_FOUND', 'Not found');
      reply.headers({
        ...UPLOAD_HEADERS,
        'content-type': 'image/webp',
        'cache-control': `private, max-age=${maxAge}`,
        'cross-origin-resource-policy': 'same-origin',
      });
      return reply.send(image);
    },
  );

  // A signed, expiring PDF link: the signature is the credential (like the signed media of the video provider).
  app.get<{ Params: { documentId: string }; Querystring: { e?: string; d?: string; s?: string } }>(
    `${API_PREFIX}/trc/files/:documentId`,
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const { documentId } = request.params;
      let disposition: Disposition = 'inline';
      const { doc, maxAge } = await openSignedLink(app, documentId, request.query.e, () => {
        const check = verifyDocumentSignature(app.video.secret, documentId, request.query);
        if (check.ok) disposition = check.disposition;
        return check;
      });
      const headers = {
        ...UPLOAD_HEADERS,
        'content-type': 'application/pdf',
        'content-disposition': `${disposition}; filename="${doc.name.replace(/"/g, '')}"`,
        'cache-control': `private, max-age=${maxAge}`,
        'cross-origin-resource-policy': 'same-origin',
        'accept-ranges': 'bytes',
      };
      // A range reads only its bytes from the store (pdf.js asks a 10 MB lesson plan for a few of them).
      const range = byteRangeOf(request.headers.range, doc.sizeBytes);
      if (range === 'unsatisfiable') {
        if (!(await app.files.readPrivate(doc.storageKey, { start: 0, end: 0 })))
          throw new AppError('NOT_FOUND', 'Not found');
        reply.headers(headers).code(416).header('content-range', `bytes */${doc.sizeBytes}`);
        return reply.send();
      }
      const bytes = await app.files.readPrivate(doc.storageKey, range ?? undefined);
      if (!bytes) throw new AppError('NOT_FOUND', 'Not found');
      reply.headers(headers);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.start + bytes.length - 1}/${doc.sizeBytes}`);
        return reply.send(bytes);
      }
      return reply.send(bytes);
    },
  );
}

/**
 * The document a signed file link names: 404 for a malformed id or an unknown document, 403 for a forged or
 * expired signature; and how long a browser may keep the answer (until the link expires, at most an hour).
 */
async function openSignedLink(
  app: FastifyInstance,
  documentId: string,
  expires: string | undefined,
  verify: () => { ok: true } | { ok: false; reason: 'invalid' | 'expired' },
) {
  if (!/^[0-9a-f-]{36}$/.test(documentId)) throw new AppError('NOT_FOUND', 'Not found');
  const check = verify();
  if (!check.ok)
    throw new AppError('FORBIDDEN', check.reason === 'expired' ? 'This link has expired.' : 'Invalid link.');
  const doc = await findDocument(app.db, documentId);
  if (!doc) throw new AppError('NOT_FOUND', 'Not found');
  const maxAge = Math.max(0, Math.min(3600, Number(expires) - Math.floor(Date.now() / 1000)));
  return { doc, maxAge };
}
