import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseJob } from './jobs';
import { type ReleaseClock, systemClock } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The release job's clock; tests replace `now` and `sleep`. */
    releaseClock: ReleaseClock;
  }
}

/** The midnight release job (no HTTP: its results are read on the release audit). */
export const releasesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('releaseClock', { ...systemClock });
    app.jobs.add(releaseJob);
  },
  { name: 'releases' },
);
