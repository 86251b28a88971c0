import { SUBUSER_INVITE_TTL_MS } from '@dance/domain';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailSender, renderActionMail } from '../adapters/mail';
import type { Db } from '../db/client';
import { type NewUserRow, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { issueLinkToken } from '../modules/auth/service';
import demo from './demo-accounts.json' with { type: 'json' };

type DemoAccount = (typeof demo.accounts)[number] & {
  signupRole?: string;
  subscriptionId?: string;
  studioOwner?: string;
};

/**
 * Seeds the demo accounts of DESIGN.md when the database has no user yet, so a fresh `pnpm dev` has one
 * login per kind of user. Later features extend it with their demo data.
 */
export async function seedDemoAccounts(
  db: Db,
  opts: { memberAppUrl: string; log?: FastifyBaseLogger },
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(demo.password);
  const ids = new Map<string, string>();
  // Owners first, so sub-users can point at them.
  const ordered = [...(demo.accounts as DemoAccount[])].sort(
    (a, b) => Number(Boolean(a.studioOwner)) - Number(Boolean(b.studioOwner)),
  );
  for (const account of ordered) {
    const values: NewUserRow = {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      role: account.role as NewUserRow['role'],
      userType: (account.userType ?? null) as NewUserRow['userType'],
      signupRole: (account.signupRole ?? null) as NewUserRow['signupRole'],
      subscriptionId: account.subscriptionId ?? null,
      isTrialAvailed: Boolean(account.subscriptionId),
      studioOwnerId: account.studioOwner ? ids.get(account.studioOwner) : null,
    };
    const [created] = await db.insert(users).values(values).returning({ id: users.id });
    ids.set(account.key, created!.id);
  }
  // One invited sub-user who has not set a password yet: the invitation mail is in the outbox.
  const [invited] = await db
    .insert(users)
    .values({
      email: demo.invited.email,
      firstName: demo.invited.firstName,
      lastName: demo.invited.lastName,
      userType: 'subuser',
      studioOwnerId: ids.get(demo.invited.studioOwner),
    })
    .returning({ id: users.id });
  const token = await issueLinkToken(db, invited!.id, 'invitation', SUBUSER_INVITE_TTL_MS);
  const mail = renderActionMail({
    greeting: `Hi ${demo.invited.firstName},`,
    lines: [
      'Sam Studio added you to their studio on Dance Training.',
      'Set your password to start watching. The link works once and expires in 7 days.',
    ],
    actionLabel: 'Set my password',
    actionUrl: `${opts.memberAppUrl}/set-password/${invited!.id}?token=${token}`,
    footer: 'Dance Training',
  });
  await createOutboxMailSender(db).send({
    to: demo.invited.email,
    subject: 'You have a seat at Sam Studio on Dance Training',
    ...mail,
  });
  opts.log?.info({ accounts: demo.accounts.length + 1 }, 'demo accounts seeded');
  return true;
}
