import {
  API_PREFIX,
  type Endpoint,
  type EndpointAuth,
  ERROR_STATUS,
  type ErrorCode,
  operationIdOf,
  ZProblem,
} from '@dance/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ResolvedSession } from '../modules/auth/sessions';
import { hasSessionToken, requireAdmin, requireSession } from '../plugins/auth';
import { securityOf } from '../plugins/openapi';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type BodyOf<E> = E extends Endpoint<infer B, infer _Q, infer _P, infer _R> ? Infer<B> : never;
type QueryOf<E> = E extends Endpoint<infer _B, infer Q, infer _P, infer _R> ? Infer<Q> : never;
type ParamsOf<E> = E extends Endpoint<infer _B, infer _Q, infer P, infer _R> ? Infer<P> : never;
type ResponseOf<E> = E extends Endpoint<infer _B, infer _Q, infer _P, infer R> ? z.input<R> : never;
type AuthOf<E> = E extends Endpoint<infer _B, infer _Q, infer _P, infer _R, infer A> ? A : never;

/**
 * The caller route() hands a handler, typed by the contract's auth: possibly nobody on a public endpoint, a
 * signed-in user (CSRF checked) on a session endpoint, a staff member on an admin endpoint.
 */
export type CallerOf<A extends EndpointAuth> = A extends 'public' ? ResolvedSession | null : ResolvedSession;

export interface EndpointRequest<E extends Endpoint> extends FastifyRequest {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  caller: CallerOf<AuthOf<E>>;
}

/** Extra route options (rate limits, hooks) merged into the Fastify route. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler' | 'onRequest'> & {
  /**
   * Replaces the default session check of a 'session' or 'admin' endpoint (for a route whose 401 carries its
   * own text); it must still refuse a request without a session.
   */
  authenticate?: (request: FastifyRequest) => Promise<ResolvedSession>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain contract a route was registered from (route()); absent on raw routes. */
    endpoint?: Endpoint;
  }
}

const AUTH_CHECKS = {
  session: requireSession,
  admin: requireAdmin,
} as const;

/** A public endpoint's caller: whoever the request's token belongs to, looked up only when it carries one. */
async function optionalCaller(request: FastifyRequest) {
  return hasSessionToken(request) ? request.getSession() : null;
}

/**
 * The check of the contract's `auth`, run in preParsing: before the body is parsed and validated, so a guest
 * gets 401, a member on an admin route 403 and a cookie mutation without its CSRF token 403, never a 400 that
 * would tell them the route's input rules; and after every onRequest hook, so the rate limit and the load
 * shedding still come first (a guest hammering a session route is limited like any other caller). The caller
 * it resolves is the handler's `request.caller`. A contract without a known `auth` cannot be registered.
 */
export function authHook(
  endpoint: Pick<Endpoint, 'method' | 'path' | 'auth'>,
  authenticate?: RouteExtras['authenticate'],
): preParsingAsyncHookHandler {
  const auth = (endpoint as { auth?: unknown }).auth;
  if (auth !== 'public' && auth !== 'session' && auth !== 'admin')
    throw new Error(
      `${endpoint.method} ${endpoint.path}: contract auth must be 'public', 'session' or 'admin', got ${String(auth)}`,
    );
  // The admin area is staff-only by path as well as by contract: a contract there that says otherwise is a bug.
  if ((endpoint.path === '/admin' || endpoint.path.startsWith('/admin/')) && auth !== 'admin')
    throw new Error(`${endpoint.method} ${endpoint.path}: a route under /admin must declare auth 'admin'`);
  const resolve = auth === 'public' ? optionalCaller : (authenticate ?? AUTH_CHECKS[auth]);
  return async (request, _reply, payload) => {
    request.caller = await resolve(request);
    return payload;
  };
}

/**
 * The errors an endpoint may answer with: its contract's, and those route() and the web API add to every
 * route of its kind (a 400 for input it validates, a 401 and 403 by its auth, the rate limit's 429, a 500).
 */
function errorCodesOf(endpoint: Endpoint, isRateLimited: boolean): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(['INTERNAL', ...(endpoint.errors as ErrorCode[])]);
  if (endpoint.body || endpoint.query || endpoint.params) codes.add('VALIDATION_FAILED');
  if (endpoint.auth !== 'public') codes.add('UNAUTHENTICATED');
  if (endpoint.auth === 'admin') codes.add('ROLE_MISMATCH');
  if (endpoint.auth !== 'public' && endpoint.method !== 'GET') codes.add('CSRF_FAILED');
  if (isRateLimited) codes.add('RATE_LIMITED');
  return codes;
}

/**
 * Registers a domain endpoint contract as a Fastify route: the same zod schemas validate the request,
 * serialise the response (unknown keys are dropped, so nothing leaks) and describe it in OpenAPI.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseOf<E>>,
  { authenticate, ...extras }: RouteExtras = {},
) {
  const guard = authHook(endpoint, authenticate);
  const successStatus = endpoint.successStatus ?? 200;
  const response: Record<number, z.ZodType> = { [successStatus]: endpoint.response };
  for (const code of errorCodesOf(endpoint, extras.config?.rateLimit !== false))
    response[ERROR_STATUS[code]] = ZProblem;
  const operationId = operationIdOf(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(operationId ? { operationId } : {}),
      security: securityOf(endpoint.auth),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response,
    },
    ...extras,
    config: { ...extras.config, endpoint },
    preParsing: guard,
    handler: async (request, reply) => {
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      reply.code(successStatus);
      return result;
    },
  });
}

/**
 * Sends JSON that was already serialised by its endpoint's contract (a cached answer, checked by the contract
 * when it was built), skipping the per-request serialisation: Fastify sends strings and buffers as they are.
 */
export function sendSerialised<T>(reply: FastifyReply, json: Buffer | string): T {
  reply.type('application/json; charset=utf-8');
  return json as unknown as T;
}
