import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import type { ReplyEvent } from '../comments/service';
import { notify } from './service';

const EXCERPT_CHARS = 140;

/**
 * A reply to a member's comment reaches them in the inbox and by push (kind "reply", so their preferences
 * decide), beside the reply mail the comments module sends. Nobody is told of their own reply.
 */
export async function notifyReply(app: FastifyInstance, { reply, repliedTo, url }: ReplyEvent) {
  if (reply.authorId === repliedTo.authorId) return;
  const [replier] = await app.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, reply.authorId));
  if (!replier) return;
  const body =
    reply.content.length > EXCERPT_CHARS ? `${reply.content.slice(0, EXCERPT_CHARS)}…` : reply.content;
  await notify(app, {
    audience: { userIds: [repliedTo.authorId] },
    kind: 'reply',
    title: `${replier.firstName} ${replier.lastName} replied to your comment`,
    body,
    url,
  });
}
