import { MESSAGES, policy, type TSessionUser } from '@dance/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { AppError, unauthenticated } from '../lib/errors';
import { safeEqual } from '../lib/tokens';
import {
  type CreatedSession,
  findSession,
  type ResolvedSession,
  toSessionUser,
} from '../modules/auth/sessions';

export const SESSION_COOKIE = 'sid';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie or bearer token, resolved once and only when asked for. */
    getSession(): Promise<ResolvedSession | null>;
    /** How the request authenticated, once resolved. */
    sessionVia: 'cookie' | 'bearer' | null;
    /** The caller route() resolved from the contract's auth (null for a guest on a public endpoint). */
    caller: ResolvedSession | null;
  }
}

function readToken(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Whether the request carries a session token at all (a guest without one costs no lookup). */
export function hasSessionToken(request: FastifyRequest): boolean {
  return readToken(request) !== null;
}

const renewedCookies = new WeakMap<FastifyRequest, { token: string; expiresAt: Date }>();

export const authPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every answer and almost always has nothing to do.
  app.addHook('onSend', (request, reply, payload, done) => {
    const renewed = renewedCookies.get(request);
    if (renewed && !reply.hasHeader('set-cookie'))
      setSessionCookie(reply, app.config, { ...renewed, csrfToken: '' });
    done(null, payload);
  });
  app.decorateRequest('sessionVia', null);
  app.decorateRequest('caller', null);
  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    const cache = this as FastifyRequest & { sessionPromise?: Promise<ResolvedSession | null> };
    if (!cache.sessionPromise) {
      const found = readToken(this);
      this.sessionVia = found?.via ?? null;
      cache.sessionPromise = found ? findSession(app.db, found.token) : Promise.resolve(null);
      if (found?.via === 'cookie') {
        // A sliding session re-sends its cookie so the browser's expiry moves with the server's.
        cache.sessionPromise = cache.sessionPromise.then((resolved) => {
          if (resolved?.wasRenewed)
            renewedCookies.set(this, { token: found.token, expiresAt: resolved.session.expiresAt });
          return resolved;
        });
      }
    }
    return cache.sessionPromise;
  });
});

/** The viewer of a caller for policy checks: null for guests. */
export function viewerOf(caller: ResolvedSession | null): TSessionUser | null {
  return caller ? toSessionUser(caller.user) : null;
}

/**
 * The session of an authenticated request, or 401. A mutation authenticated by cookie must also carry the
 * session's CSRF token in x-csrf-token (bearer clients are not exposed to CSRF).
 */
export async function requireSession(request: FastifyRequest): Promise<ResolvedSession> {
  const resolved = await request.getSession();
  if (!resolved) throw unauthenticated();
  assertCsrf(request, resolved);
  return resolved;
}

/** Whether the request may act for its session: bearer clients and safe methods always, cookies with the token. */
export function hasValidCsrf(request: FastifyRequest, resolved: ResolvedSession): boolean {
  if (request.sessionVia !== 'cookie' || SAFE_METHODS.has(request.method)) return true;
  const header = request.headers['x-csrf-token'];
  return typeof header === 'string' && safeEqual(header, resolved.session.csrfToken);
}

export function assertCsrf(request: FastifyRequest, resolved: ResolvedSession) {
  if (!hasValidCsrf(request, resolved)) throw new AppError('CSRF_FAILED', MESSAGES.csrfFailed);
}

/** The admin area: no session is 401, a member is 403 with the spec's text. */
export async function requireAdmin(request: FastifyRequest): Promise<ResolvedSession> {
  const resolved = await requireSession(request);
  if (!policy.canUseAdminConsole(toSessionUser(resolved.user)))
    throw new AppError('ROLE_MISMATCH', MESSAGES.roleMismatch);
  return resolved;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, session: CreatedSession) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookie.secure,
    domain: config.cookie.domain,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', domain: config.cookie.domain });
}
