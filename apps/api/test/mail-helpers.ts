import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../src/db/schema';

/** The mails in the outbox for one address, newest first. */
export async function mailsTo(app: FastifyInstance, address: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The userId and token of the newest confirm-email link mailed to an address, or null. */
export async function confirmLinkTo(app: FastifyInstance, address: string) {
  for (const mail of await mailsTo(app, address)) {
    const match = /\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail.textBody);
    if (match) return { userId: match[1]!, token: match[2]! };
  }
  return null;
}
