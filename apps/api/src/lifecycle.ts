import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A rolling restart's stop (issue 19): /ready answers 503 at once so the balancer takes the process out, the
 * process keeps serving for the grace period, then stops listening (idle keep-alive connections close, busy
 * ones after their answer), lets in-flight requests finish, stops pg-boss gracefully (running jobs finish or
 * go back to the queue) and closes the database.
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number, metrics?: Server | null) {
  app.lifecycle.draining = true;
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  await app.close();
  if (metrics) await new Promise((resolve) => metrics.close(resolve));
}
