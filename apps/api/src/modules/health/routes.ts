import { ZProblem } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendProblem } from '../../plugins/errors';

/** Liveness answers without touching anything; readiness proves the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      // Probes are frequent and tiny: no rate limit, no browser security headers, no per-request log lines.
      config: { rateLimit: false, cors: false },
      helmet: false,
      logLevel: 'warn',
      // The schema documents the answer; a constant body needs no validation on the way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: the database is reachable',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: ZProblem },
      },
      config: { rateLimit: false, cors: false },
      helmet: false,
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.driver };
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        return sendProblem(reply, request, 'NOT_READY', 'The database is not reachable.');
      }
    },
  );
}
