import {
  EMAIL_CHANGE_TTL_MS,
  MESSAGES,
  SUBUSER_EMAIL_LOCKED_MESSAGE,
  type TAccountDetails,
  type TChangeEmailRequest,
  type TConfirmEmailRequest,
  type TUpdateNameRequest,
} from '@dance/domain';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MailSender, renderActionMail } from '../../adapters/mail';
import type { AppConfig } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { generateToken, sha256 } from '../../lib/tokens';
import { verifyPassword } from '../auth/passwords';
import { findUsableLinkToken } from '../auth/service';
import { deleteOtherSessions } from '../auth/sessions';
import { carryTrialsToEmail } from '../subscriptions/access';

export function toAccountDetails(user: UserRow, pendingEmail: string | null): TAccountDetails {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imageUrl: user.imageUrl ?? null,
    userType: user.userType ?? null,
    commentNotifications: user.commentNotifications,
    pendingEmail,
  };
}

async function updateUser(db: Db, userId: string, values: Partial<UserRow>): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

export function updateName(db: Db, user: UserRow, input: TUpdateNameRequest) {
  return updateUser(db, user.id, { firstName: input.firstName, lastName: input.lastName });
}

/** The address shown in the notice to the old address: the first character and the domain, n***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.charAt(0)}***${email.slice(at)}`;
}

export interface AccountContext {
  db: Db;
  mail: MailSender;
  config: Pick<AppConfig, 'memberAppUrl'>;
  log: FastifyBaseLogger;
}

/** The new email of the account's newest outstanding (unused, unexpired) change of email, or null. */
export async function readPendingEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [pending] = await db
    .select({ newEmail: authTokens.newEmail })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'email-change'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return pending?.newEmail ?? null;
}

/** The account area's details: the user with the email change it has pending, if any. */
export async function readAccountDetails(db: DbOrTx, user: UserRow): Promise<TAccountDetails> {
  return toAccountDetails(user, await readPendingEmail(db, user.id));
}

/** Ends every outstanding change of email of the account (a newer request, or one was applied). */
async function revokeEmailChanges(db: DbOrTx, userId: string) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'email-change'), isNull(authTokens.usedAt)),
    );
}

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } });

/**
 * Asks to change the login email (issue 13 finding 9): checks the current password, changes nothing yet,
 * mails a notice to the current address and a single-use confirmation link (24 h) to the new one. The
 * answer is the same whether or not the new address already belongs to an account (decision 0019): that
 * address then gets a mail saying so instead of a link, and the requester learns nothing. Sub-users' emails
 * belong to the studio.
 */
export async function requestEmailChange(
  ctx: AccountContext,
  user: UserRow,
  input: TChangeEmailRequest,
): Promise<string> {
  if (user.userType === 'subuser') throw new AppError('FORBIDDEN', SUBUSER_EMAIL_LOCKED_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', MESSAGES.currentPasswordWrong, {
      fields: { currentPassword: MESSAGES.currentPasswordWrong },
    });
  }
  if (input.email === user.email) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.emailUnchanged, {
      fields: { email: MESSAGES.emailUnchanged },
    });
  }
  const token = generateToken();
  const isTaken = await ctx.db.transaction(async (tx) => {
    await revokeEmailChanges(tx, user.id);
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'email-change',
      newEmail: input.email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    return Boolean(taken);
  });
  const appUrl = ctx.config.memberAppUrl;
  const notice = renderActionMail({
    greeting: `Hi ${user.firstName},`,
    lines: [
      `Someone asked to change the email of your Dance Training account to ${maskEmail(input.email)}.`,
      'Nothing changes until the link we sent to that address is opened.',
      'If it was not you, change your password now: whoever asked knows it.',
    ],
    actionLabel: 'Change my password',
    actionUrl: `${appUrl}/forgot`,
    footer: 'Dance Training',
  });
  const toNewAddress = isTaken
    ? renderActionMail({
        greeting: 'Hi,',
        lines: [
          'Someone asked to use this address as the email of another Dance Training account.',
          'This address already belongs to a Dance Training account, so nothing was changed. If you did not expect this mail, you can ignore it.',
        ],
        actionLabel: 'Log in',
        actionUrl: `${appUrl}/login`,
        footer: 'Dance Training',
      })
    : renderActionMail({
        greeting: `Hi ${user.firstName},`,
        lines: [
          'Please confirm that this is the new email of your Dance Training account.',
          'The link works once and expires in 24 hours. If you did not ask for it, ignore this mail: nothing changes.',
        ],
        actionLabel: 'Confirm my new email',
        actionUrl: `${appUrl}/confirm-email/${user.id}/${token}`,
        footer: 'Dance Training',
      });
  // The same two mails in both cases, so the answer's timing does not tell whether the address is taken.
  const sends = [
    ctx.mail.send({ to: user.email, subject: 'Your Dance Training email is about to change', ...notice }),
    ctx.mail.send({ to: input.email, subject: 'Confirm your new Dance Training email', ...toNewAddress }),
  ];
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') ctx.log.error({ err: result.reason }, 'email change mail failed');
  }
  return input.email;
}

/**
 * Applies a change of email with the link mailed to the new address: the token must be this account's,
 * unused and unexpired; the address must still be free (409 EMAIL_TAKEN). Sets the email, uses the token,
 * revokes the account's other outstanding email-change and password-reset links (those went to the old
 * address), carries the trial records to the new email, and ends the account's sessions but the one
 * the confirming request carries (when it is this account's).
 */
export async function confirmEmailChange(
  db: Db,
  input: TConfirmEmailRequest,
  keepSessionId: string | null,
): Promise<UserRow> {
  // Two changes racing for one address: the unique index decides, and the error plugin answers its 409.
  return db.transaction(async (tx) => {
    const token = await findUsableLinkToken(tx, input.userId, input.token, 'email-change');
    if (!token?.newEmail) throw new AppError('TOKEN_INVALID', MESSAGES.emailChangeLinkInvalid);
    const newEmail = token.newEmail;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, input.userId)))
      .limit(1);
    if (taken) throw emailTaken();
    const [updated] = await tx
      .update(users)
      .set({ email: newEmail, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning();
    if (!updated) throw new AppError('TOKEN_INVALID', MESSAGES.emailChangeLinkInvalid);
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, input.userId),
          inArray(authTokens.purpose, ['email-change', 'password-reset']),
          isNull(authTokens.usedAt),
        ),
      );
    await carryTrialsToEmail(tx, input.userId, newEmail);
    await deleteOtherSessions(tx, input.userId, keepSessionId ?? undefined);
    return updated;
  });
}

/**
 * The profile image must be a file this API stored for the purpose profile-image (POST /files), on the
 * local store or the configured object storage: no pointing the avatar at any other address.
 */
export function isOwnProfileImageUrl(url: string, config: Pick<AppConfig, 's3'>): boolean {
  if (url.includes('..') || /[\s"'<>\\]/.test(url)) return false;
  const prefixes = ['/files/profile-image/'];
  if (config.s3) prefixes.push(`${config.s3.publicUrl.replace(/\/$/, '')}/profile-image/`);
  return prefixes.some((prefix) => url.startsWith(prefix) && url.length > prefix.length);
}

export function setImage(db: Db, user: UserRow, imageUrl: string, config: Pick<AppConfig, 's3'>) {
  if (!isOwnProfileImageUrl(imageUrl, config)) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.profileImageInvalid, {
      fields: { imageUrl: MESSAGES.profileImageInvalid },
    });
  }
  return updateUser(db, user.id, { imageUrl });
}

export function setNotifications(db: Db, user: UserRow, commentNotifications: boolean) {
  return updateUser(db, user.id, { commentNotifications });
}
