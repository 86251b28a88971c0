import type { FastifyInstance } from 'fastify';
import { createTag, createVideo } from '../../../test/catalogue-factories';
import { createUser, logInAs, type Session } from '../../../test/helpers';

/** Every kind of viewer of the playlist rules, logged in, and some videos. */
export async function createPlaylistWorld(app: FastifyInstance, videoCount = 6) {
  const owner = await createUser(app, { userType: 'studio-owner' });
  const otherOwner = await createUser(app, { userType: 'studio-owner' });
  const users = {
    member: await createUser(app, { userType: 'individual-user' }),
    otherMember: await createUser(app, { userType: 'individual-user' }),
    vip: await createUser(app, { userType: 'vip' }),
    owner,
    subuser: await createUser(app, { userType: 'subuser', studioOwnerId: owner.id }),
    foreignSubuser: await createUser(app, { userType: 'subuser', studioOwnerId: otherOwner.id }),
    admin: await createUser(app, { role: 'admin' }),
  };
  const sessions = {} as Record<keyof typeof users, Session>;
  for (const [name, user] of Object.entries(users))
    sessions[name as keyof typeof users] = await logInAs(app, user.email);
  const tag = await createTag(app, 'Ballet', 1);
  const videos = [];
  for (let i = 0; i < videoCount; i += 1)
    videos.push(await createVideo(app, { title: `Clip ${i}`, durationSeconds: 60 + i, tagIds: [tag.id] }));
  return { users, sessions, videos, videoIds: videos.map((v) => v.id), tag };
}

export type PlaylistWorld = Awaited<ReturnType<typeof createPlaylistWorld>>;

/** Sends a request as a session (or as a guest). */
export function send(
  app: FastifyInstance,
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: session?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

export const positionsOf = (ids: string[]) => ids.map((videoId, i) => ({ videoId, position: i + 1 }));
