import { authEndpoints, MESSAGES } from '@dance/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import {
  assertCsrf,
  clearSessionCookie,
  hasValidCsrf,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../plugins/auth';
import {
  type AuthContext,
  changePassword,
  logIn,
  type Requester,
  requestPasswordReset,
  signUp,
  usePasswordToken,
} from './service';
import { createSession, deleteSession, toSessionUser } from './sessions';

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });
/** Sign-up and password mails are limited per address to slow down abuse. */
const strictLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

export async function authRoutes(app: FastifyInstance) {
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    mail: app.mail,
    config: app.config,
    log: request.log,
    billing: app.billing,
    requestId: request.id,
  });

  /**
   * The address, and the account of the request's session when it has one with a valid CSRF token (a
   * session is proof of owning its account for a sign-up conversion; a cross-site form must not use it).
   */
  const requesterOf = async (request: FastifyRequest): Promise<Requester> => {
    const resolved = request.caller;
    if (!resolved) return { ip: request.ip, sessionUserId: null };
    return { ip: request.ip, sessionUserId: hasValidCsrf(request, resolved) ? resolved.user.id : null };
  };

  const startSession = async (
    request: FastifyRequest,
    reply: Parameters<typeof setSessionCookie>[0],
    userId: string,
  ) => {
    const session = await createSession(app.db, userId, 'cookie', meta(request));
    setSessionCookie(reply, app.config, session);
    return session;
  };

  route(
    app,
    authEndpoints.signUp,
    async (request, reply) => {
      const user = await signUp(ctx(request), request.body, 'individual', await requesterOf(request));
      const session = await startSession(request, reply, user.id);
      return { user: toSessionUser(user), csrfToken: session.csrfToken };
    },
    { config: strictLimit },
  );

  route(
    app,
    authEndpoints.studioSignUp,
    async (request, reply) => {
      const user = await signUp(ctx(request), request.body, 'studio-owner', await requesterOf(request));
      const session = await startSession(request, reply, user.id);
      return { user: toSessionUser(user), csrfToken: session.csrfToken };
    },
    { config: strictLimit },
  );

  route(app, authEndpoints.login, async (request, reply) => {
    const user = await logIn(ctx(request), request.body, request.ip);
    const session = await startSession(request, reply, user.id);
    return { user: toSessionUser(user), csrfToken: session.csrfToken };
  });

  route(app, authEndpoints.createToken, async (request) => {
    const user = await logIn(ctx(request), request.body, request.ip);
    const session = await createSession(app.db, user.id, 'bearer', meta(request));
    return { token: session.token, expiresAt: session.expiresAt.toISOString(), user: toSessionUser(user) };
  });

  route(app, authEndpoints.session, async (request) => {
    const resolved = request.caller;
    return { user: toSessionUser(resolved.user), csrfToken: resolved.session.csrfToken };
  });

  route(app, authEndpoints.logout, async (request, reply) => {
    const resolved = request.caller;
    if (resolved) {
      // A cookie logout needs its CSRF token, so no other site can log a member out.
      assertCsrf(request, resolved);
      const token =
        request.sessionVia === 'bearer'
          ? request.headers.authorization!.slice(7).trim()
          : request.cookies[SESSION_COOKIE]!;
      await deleteSession(app.db, token);
    }
    clearSessionCookie(reply, app.config);
    return { ok: true as const };
  });

  route(
    app,
    authEndpoints.forgotPassword,
    async (request) => {
      await requestPasswordReset(ctx(request), request.body.email);
      return { message: MESSAGES.forgotPasswordSent };
    },
    { config: strictLimit },
  );

  route(
    app,
    authEndpoints.resetPassword,
    async (request) => {
      await usePasswordToken(ctx(request), request.body, 'password-reset');
      return { message: MESSAGES.passwordResetSuccessful };
    },
    { config: strictLimit },
  );

  route(
    app,
    authEndpoints.setPassword,
    async (request) => {
      await usePasswordToken(ctx(request), request.body, 'invitation');
      return { message: MESSAGES.passwordSetSuccessful };
    },
    { config: strictLimit },
  );

  route(app, authEndpoints.changePassword, async (request) => {
    const resolved = request.caller;
    await changePassword(ctx(request), resolved, request.body);
    return { message: MESSAGES.passwordChanged };
  });
}
