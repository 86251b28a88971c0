import { MESSAGES, PLAYER_MESSAGES } from '@dance/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import type { ResolvedSession } from '../auth/sessions';

/**
 * The player's session check: a guest (no token at all) is told 'Please log in to view the content.'; a
 * request that carries a token the server no longer knows is an expired session: 'Please Login Again'.
 */
export async function requirePlayerSession(request: FastifyRequest): Promise<ResolvedSession> {
  const resolved = await request.getSession();
  if (!resolved) {
    const hasToken = Boolean(request.headers.authorization?.startsWith('Bearer ') || request.cookies?.sid);
    throw hasToken
      ? new AppError('SESSION_EXPIRED', MESSAGES.pleaseLoginAgain)
      : new AppError('UNAUTHENTICATED', PLAYER_MESSAGES.notLoggedIn);
  }
  return requireSession(request);
}
