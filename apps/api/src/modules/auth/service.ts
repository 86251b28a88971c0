import {
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  signUpConflict,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TResetPasswordRequest,
  type TSignUpRequest,
  type TStudioSignUpRequest,
} from '@dance/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingProvider } from '../../adapters/billing';
import { type MailSender, renderActionMail } from '../../adapters/mail';
import type { AppConfig } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens, subscriptions, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { generateToken, sha256 } from '../../lib/tokens';
import { carryTrialsToAccount } from '../subscriptions/access';
import {
  clearAccountFailures,
  clearPairFailures,
  isLockedOut,
  recordFailure,
  throttleKeys,
} from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions, type ResolvedSession } from './sessions';

export interface AuthContext {
  db: Db;
  mail: MailSender;
  config: AppConfig;
  log: FastifyBaseLogger;
  billing: BillingProvider;
  requestId: string;
}

/** Who is asking: the address (for the login throttle) and the account of the request's session, if any. */
export interface Requester {
  ip: string;
  sessionUserId: string | null;
}

/** The one answer for an email whose owner was not proven: it exists or not, of whatever kind (decision 0018). */
const accountMayExist = () =>
  new AppError('ACCOUNT_MAY_EXIST', MESSAGES.accountMayExist, {
    fields: { email: MESSAGES.accountMayExist },
  });

const CONFLICT_ERRORS = {
  'email-taken': () =>
    new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } }),
  'subuser-exists': () => new AppError('ACCOUNT_EXISTS_SUBUSER', MESSAGES.subuserExists),
  'admin-not-convertible': () => new AppError('ADMIN_NOT_CONVERTIBLE', MESSAGES.adminNotConvertible),
} as const;

const CONVERSION_DIALOGS = {
  'convert-individual': {
    code: 'ACCOUNT_EXISTS_INDIVIDUAL',
    body: MESSAGES.convertIndividualBody,
    title: MESSAGES.convertIndividualTitle,
  },
  'convert-studio-owner': {
    code: 'ACCOUNT_EXISTS_STUDIO_OWNER',
    body: MESSAGES.convertStudioOwnerBody,
    title: MESSAGES.convertStudioOwnerTitle,
  },
} as const;

/** Subscriptions the provider could still bill: everything but cancelled and transferred ones. */
const LIVE_STATUSES = ['future', 'in_trial', 'active', 'non_renewing', 'paused'] as const;

/**
 * True when the requester proved owning `existing`: the request's session is that account's, or the typed
 * password is its password. Password checks go through the login throttle (the sign-up form must not be a
 * way around it): a locked (address, account) counts as not proven, and a wrong password counts as a failure.
 */
async function provesOwnership(
  ctx: AuthContext,
  existing: UserRow,
  password: string,
  requester: Requester,
): Promise<boolean> {
  if (requester.sessionUserId === existing.id) return true;
  const keys = throttleKeys(existing.email, requester.ip);
  if (await isLockedOut(ctx.db, keys)) {
    await verifyPassword(null, password); // the same argon2 work as a real check
    return false;
  }
  if (await verifyPassword(existing.passwordHash, password)) {
    await clearPairFailures(ctx.db, existing.email, requester.ip);
    return true;
  }
  await recordFailure(ctx.db, keys, {
    log: ctx.log,
    requestId: ctx.requestId,
    ip: requester.ip,
    userId: existing.id,
  });
  return false;
}

/**
 * Individual or studio-owner sign-up with the conversion rules of spec 1 §4, for a proven owner only
 * (decision 0018): anyone else signing up with a used email gets ACCOUNT_MAY_EXIST, whatever the account.
 * A conversion the owner confirmed (convertExisting) first cancels the old account's live subscriptions at
 * the billing provider (if that fails, nothing is deleted), then, in one transaction, deletes the old
 * account (sessions, tokens, playlists, subscription rows and, for a studio owner, its sub-users by cascade)
 * and creates the new one.
 */
export async function signUp(
  ctx: AuthContext,
  input: TSignUpRequest | TStudioSignUpRequest,
  target: 'individual' | 'studio-owner',
  requester: Requester,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!existing) {
    // An existing email costs a password check on top of the hash: a new one costs the same.
    await verifyPassword(null, input.password);
    return insertUser(ctx.db, input, target, passwordHash);
  }
  if (!(await provesOwnership(ctx, existing, input.password, requester))) throw accountMayExist();

  const conflict = signUpConflict(existing, target);
  if (conflict.kind === 'none') throw accountMayExist(); // not reached: an existing account always conflicts
  if (conflict.kind !== 'convert-individual' && conflict.kind !== 'convert-studio-owner')
    throw CONFLICT_ERRORS[conflict.kind]();

  const live = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, existing.id), inArray(subscriptions.status, [...LIVE_STATUSES])));
  if (!input.convertExisting) {
    const dialog = CONVERSION_DIALOGS[conflict.kind];
    const cancelsSubscription = live.length > 0;
    throw new AppError(dialog.code, dialog.body, {
      details: {
        dialog: conflict.kind,
        title: dialog.title,
        cancelsSubscription,
        ...(cancelsSubscription ? { subscriptionNotice: MESSAGES.convertCancelsSubscription } : {}),
      },
    });
  }

  for (const subscription of live) {
    try {
      await ctx.billing.cancelSubscriptionNow({
        subscriptionId: subscription.providerSubscriptionId,
        customerId: subscription.providerCustomerId,
      });
    } catch (error) {
      ctx.log.error(
        { err: error, userId: existing.id },
        'conversion stopped: cancelling the subscription failed',
      );
      throw new AppError('BILLING_PROVIDER_ERROR', MESSAGES.billingProviderError);
    }
  }

  return ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(users).where(eq(users.id, existing.id)).returning({ id: users.id });
    // Converted or deleted by a request running at the same moment: let the member try again.
    if (deleted.length === 0) throw accountMayExist();
    ctx.log.info(
      { userId: existing.id, target, cancelledSubscriptions: live.length },
      'account converted on sign-up',
    );
    const created = await insertUser(tx, input, target, passwordHash);
    await carryTrialsToAccount(tx, existing.id, created.id);
    return created;
  });
}

async function insertUser(
  db: DbOrTx,
  input: TSignUpRequest | TStudioSignUpRequest,
  target: 'individual' | 'studio-owner',
  passwordHash: string,
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      role: 'user',
      userType: target === 'studio-owner' ? 'studio-owner' : null,
      signupRole: 'role' in input ? input.role : null,
    })
    .returning();
  return created!;
}

/**
 * Checks the credentials under the login throttle (login-throttle.ts): per (address, account), per address
 * and per account. A success clears only its own (address, account) count.
 */
export async function logIn(ctx: AuthContext, input: TLoginRequest, ip: string): Promise<UserRow> {
  const keys = throttleKeys(input.email, ip);
  if (await isLockedOut(ctx.db, keys)) throw new AppError('TOO_MANY_ATTEMPTS', MESSAGES.tooManyLoginAttempts);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    await recordFailure(ctx.db, keys, {
      log: ctx.log,
      requestId: ctx.requestId,
      ip,
      userId: user?.id ?? null,
    });
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  await clearPairFailures(ctx.db, input.email, ip);
  return user;
}

/**
 * Revokes (marks used) the account's outstanding link tokens, of one purpose or of all: a newer link makes the
 * older ones of its purpose worthless; a used link or a new password makes every link worthless (decision
 * 0018). A new link revokes only its own purpose, so anyone typing a member's email into "forgot password"
 * cannot cancel that member's pending email change or invitation.
 */
export async function revokeLinkTokens(
  db: DbOrTx,
  userId: string,
  purpose?: 'password-reset' | 'invitation' | 'email-change',
) {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.usedAt),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
      ),
    );
}

/** Issues a single-use link token (only its hash is stored) and revokes the older ones of its purpose. */
export async function issueLinkToken(
  db: Db,
  userId: string,
  purpose: 'password-reset' | 'invitation',
  ttlMs: number,
): Promise<string> {
  const token = generateToken();
  await db.transaction(async (tx) => {
    await revokeLinkTokens(tx, userId, purpose);
    await tx
      .insert(authTokens)
      .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  });
  return token;
}

/** The minimum time the forgot-password answer takes, so it does not tell whether the account exists. */
const FORGOT_PASSWORD_FLOOR_MS = 350;

export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const started = Date.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user) {
    const token = await issueLinkToken(ctx.db, user.id, 'password-reset', PASSWORD_RESET_TTL_MS);
    const link = `${ctx.config.memberAppUrl}/reset_password/${user.id}/${token}`;
    const body = renderActionMail({
      greeting: `Hi ${user.firstName},`,
      lines: [
        'We received a request to reset the password of your Dance Training account.',
        'The link works once and expires in 60 minutes. If you did not ask for it, ignore this mail: your password stays the same.',
      ],
      actionLabel: 'Reset my password',
      actionUrl: link,
      footer: 'Dance Training',
    });
    // Sent in the background so the answer's timing does not depend on the mail server.
    ctx.mail
      .send({ to: user.email, subject: 'Reset your Dance Training password', ...body })
      .catch((err: unknown) => ctx.log.error({ err }, 'password reset mail failed'));
  }
  const remaining = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

/**
 * The link token a request presents, when it is this account's, of this purpose, unused and unexpired; locked
 * for the transaction, so two requests cannot both use it.
 */
export async function findUsableLinkToken(
  tx: DbOrTx,
  userId: string,
  token: string,
  purpose: 'password-reset' | 'invitation' | 'email-change',
) {
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Uses a reset or invitation token: checks it belongs to the user, is unused and unexpired, sets the
 * password, marks the token used and ends the user's sessions, in one transaction.
 */
export async function usePasswordToken(
  ctx: AuthContext,
  input: TResetPasswordRequest,
  purpose: 'password-reset' | 'invitation',
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const token = await findUsableLinkToken(tx, input.userId, input.token, purpose);
    if (!token) throw new AppError('TOKEN_INVALID', MESSAGES.resetTokenInvalid);
    await tx.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, token.id));
    await revokeLinkTokens(tx, input.userId);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning({ email: users.email });
    await deleteOtherSessions(tx, input.userId);
    // A new password lifts the account's locks: its global count and every (address, account) pair.
    if (user) await clearAccountFailures(tx, user.email);
  });
}

/** Changes the password with the current one, ends the user's other sessions and revokes its link tokens. */
export async function changePassword(
  ctx: AuthContext,
  resolved: ResolvedSession,
  input: TChangePasswordRequest,
) {
  const isValid = await verifyPassword(resolved.user.passwordHash, input.currentPassword);
  if (!isValid) {
    throw new AppError('WRONG_PASSWORD', MESSAGES.currentPasswordWrong, {
      fields: { currentPassword: MESSAGES.currentPasswordWrong },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, resolved.user.id));
    await deleteOtherSessions(tx, resolved.user.id, resolved.session.id);
    await revokeLinkTokens(tx, resolved.user.id);
  });
}
