import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sends no browser security headers (machine-only answers such as probes). */
    securityHeaders?: boolean;
  }
}

/**
 * Helmet's headers, computed once. Our configuration does not depend on the request (no CSP nonces), so the
 * headers are the same for every answer; @fastify/helmet rebuilt the whole helmet middleware, CSP parsing
 * included, on every request, which cost more than answering /health itself (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name, String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name);
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Sets helmet's headers on every answer (404s and errors included) unless a route opts out. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) {
      // On the raw response, as helmet does: a route such as the file server may still replace one.
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
    }
    done();
  });
});
