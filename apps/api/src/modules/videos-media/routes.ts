import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { PLAYER_MESSAGES } from '@dance/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { killAllFfmpeg } from '../../adapters/video/local/ffmpeg';
import { assetDir, PROCESSING_MARKER } from '../../adapters/video/local/provider';
import { verifyMediaSignature, verifyUploadToken } from '../../adapters/video/local/signing';
import { AppError } from '../../lib/errors';
import { importVideoJob, processVideoJob } from './jobs';
import { receiveLocalUpload } from './local-upload';
import { muxCountGridJob } from './mux-count-grid';
import { applyMuxEvent } from './mux-webhooks';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  // A library clip Mux fetches to import it (imports.ts, MUX_SOURCE_FILE).
  '.mp4': 'video/mp4',
};

/**
 * The video pipeline's own HTTP and job: the processing job, signed media, direct-upload reception and Mux
 * webhooks.
 */
export const videoPipeline = fp(
  async (app: FastifyInstance) => {
    app.addHook('onClose', async () => killAllFfmpeg());
    app.jobs.add(processVideoJob);
    app.jobs.add(importVideoJob);
    app.jobs.add(muxCountGridJob);

    await app.register(mediaRoutes);
    await app.register(localUploadRoutes);
    await app.register(muxWebhookRoutes);
  },
  { name: 'video-pipeline', dependencies: [] },
);

/** Signed media of the local provider: /api/v1/media/{assetId}/{expiry}/{signature}/{file in hls/}. */
async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { assetId: string; exp: string; sig: string; '*': string } }>(
    '/api/v1/media/:assetId/:exp/:sig/*',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      const { assetId, exp, sig } = request.params;
      const expiresAt = Number(exp);
      if (!/^[0-9a-f-]{36}$/.test(assetId) || !Number.isInteger(expiresAt))
        throw new AppError('NOT_FOUND', 'Not found');
      const check = verifyMediaSignature(app.video.secret, assetId, expiresAt, sig);
      if (check !== 'ok')
        throw new AppError(
          'FORBIDDEN',
          check === 'expired' ? 'This media link has expired.' : 'Invalid media link.',
        );
      const file = normalize(request.params['*']);
      const extension = file.slice(file.lastIndexOf('.'));
      if (file.startsWith('..') || file.includes('\0') || !CONTENT_TYPES[extension])
        throw new AppError('NOT_FOUND', 'Not found');
      const root = join(assetDir(app.video.mediaRoot, assetId), 'hls');
      if (!existsSync(join(root, file))) throw new AppError('NOT_FOUND', 'Not found');
      const maxAge = Math.max(0, Math.min(3600, expiresAt - Math.floor(Date.now() / 1000)));
      // A master playlist that still gains renditions (a playable asset, decision 0057) is not cached.
      const growing = file === 'master.m3u8' && existsSync(join(root, PROCESSING_MARKER));
      reply.header('cache-control', growing ? 'private, no-cache' : `private, max-age=${maxAge}`);
      reply.header('content-type', CONTENT_TYPES[extension]);
      return reply.sendFile(file, root, { cacheControl: false, contentType: false });
    },
  );
}

/** The local stand-in of Mux's upload URL: the browser PUTs the file, signed by URL like a storage URL. */
async function localUploadRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  // The body stays a stream: it goes to disk as it arrives, with the size limit counted on the way.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.put<{ Params: { uploadId: string; exp: string; token: string } }>(
    '/api/v1/uploads/local/:uploadId/:exp/:token',
    { schema: { hide: true }, bodyLimit: app.config.video.uploadMaxBytes },
    async (
      request: FastifyRequest<{ Params: { uploadId: string; exp: string; token: string } }>,
      reply: FastifyReply,
    ) => {
      const { uploadId, exp, token } = request.params;
      if (!verifyUploadToken(app.video.secret, uploadId, Number(exp), token))
        throw new AppError('FORBIDDEN', 'This upload link is invalid or has expired.');
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function')
        throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.addVideoToContinue);
      await receiveLocalUpload(app, uploadId, body as Readable);
      reply.code(200);
      return { ok: true };
    },
  );
}

/** Mux webhooks, verified on the raw string body (a re-serialised or Buffer body fails the signature). */
async function muxWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );
  app.post(
    '/api/v1/webhooks/mux',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request) => {
      const mux = app.video.mux;
      if (!mux) throw new AppError('NOT_FOUND', 'Mux is not configured.');
      if (typeof request.body !== 'string') throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
      let event: { id: string; type: string; created_at?: unknown; data: unknown };
      try {
        event = (await mux.unwrapWebhook(request.body, request.headers)) as typeof event;
      } catch (error) {
        request.log.warn({ err: error }, 'mux webhook refused');
        throw new AppError('FORBIDDEN', 'Invalid webhook signature.');
      }
      const outcome = await applyMuxEvent(app, {
        id: event.id,
        type: event.type,
        createdAt: event.created_at,
        data: (event.data ?? {}) as Record<string, unknown>,
      });
      return { received: true, outcome };
    },
  );
}
