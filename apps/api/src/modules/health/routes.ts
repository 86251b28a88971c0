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
      config: { rateLimit: false },
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
      config: { rateLimit: false },
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
