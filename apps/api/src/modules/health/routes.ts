import { ZProblem } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendProblem } from '../../plugins/errors';

const HEALTH_BODY = JSON.stringify({ status: 'ok' });

/**
 * One warn-level logger for all of a probe's requests: no per-request log lines, warnings and errors still log.
 * Fastify otherwise creates a child logger per request, and for a route with its own log level pino rebuilds
 * every log method of that child: more work than the probe's answer.
 */
function probeLogger(app: FastifyInstance, probe: string) {
  return app.log.child({ probe }, { level: 'warn' });
}

/**
 * Liveness answers without touching anything, overloaded or not: restarting a busy process makes things
 * worse. app.ts registers it outside the web API's context, so only the request-id hook runs (decision 0011).
 */
export async function livenessRoutes(app: FastifyInstance) {
  const log = probeLogger(app, '/health');
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness: the process answers (overloaded or not)',
        operationId: 'ops.liveness',
        security: [],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      childLoggerFactory: () => log,
      // The schema documents the answer; a constant body needs no serialiser.
      serializerCompiler: () => () => HEALTH_BODY,
    },
    async () => ({ status: 'ok' as const }),
  );
}

/**
 * Readiness proves the database answers. It lives in the web API's context, behind under-pressure: an
 * overloaded instance answers 503 and leaves the load balancer's rotation until it recovers. Probes are JSON
 * for machines: no rate limit, CORS or browser security headers.
 */
export async function readinessRoutes(app: FastifyInstance) {
  const log = probeLogger(app, '/ready');
  app.get(
    '/ready',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: the database is reachable and the process is not overloaded',
        operationId: 'ops.readiness',
        security: [],
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: ZProblem },
      },
      config: { rateLimit: false, cors: false, securityHeaders: false },
      childLoggerFactory: () => log,
    },
    async (request, reply) => {
      // Shutting down (SIGTERM): out of the balancer's rotation at once, while in-flight work finishes.
      if (app.lifecycle.draining)
        return sendProblem(reply, request, 'NOT_READY', 'The process is shutting down.');
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.driver };
      } catch (err) {
        request.log.error({ err, reqId: request.id }, 'database not reachable');
        return sendProblem(reply, request, 'NOT_READY', 'The database is not reachable.');
      }
    },
  );
}
