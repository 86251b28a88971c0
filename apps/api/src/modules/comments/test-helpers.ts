import type { FastifyInstance } from 'fastify';
import { createUser, logInAs, type Session } from '../../../test/helpers';

export interface Member {
  id: string;
  email: string;
  session: Session;
}

/** A user with a session (role member unless told). */
export async function member(app: FastifyInstance, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, overrides);
  return { id: user.id, email: user.email, session: await logInAs(app, user.email) } satisfies Member;
}

/** Calls the comments API as someone. */
export function caller(app: FastifyInstance, who: Member | null) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who?.session.headers ?? {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}
