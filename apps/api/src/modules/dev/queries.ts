import { desc, eq } from 'drizzle-orm';
import { extractLinks } from '../../adapters/mail';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** The newest 100 mails of the outbox, optionally to one address, with the links they carry. */
export async function listOutboxMails(db: DbOrTx, to?: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    links: extractLinks(r.textBody),
    createdAt: r.createdAt.toISOString(),
  }));
}
