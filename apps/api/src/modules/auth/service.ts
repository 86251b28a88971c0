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
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MailSender, renderActionMail } from '../../adapters/mail';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { authTokens, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { generateToken, sha256 } from '../../lib/tokens';
import { clearFailures, isLockedOut, recordFailure, throttleKeys } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions, type ResolvedSession } from './sessions';

export interface AuthContext {
  db: Db;
  mail: MailSender;
  config: AppConfig;
  log: FastifyBaseLogger;
}

const CONFLICT_ERRORS = {
  'email-taken': () =>
    new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } }),
  'subuser-exists': () => new AppError('ACCOUNT_EXISTS_SUBUSER', MESSAGES.subuserExists),
  'admin-not-convertible': () => new AppError('ADMIN_NOT_CONVERTIBLE', MESSAGES.adminNotConvertible),
  'convert-individual': () =>
    new AppError('ACCOUNT_EXISTS_INDIVIDUAL', MESSAGES.convertIndividualBody, {
      details: { dialog: 'convert-individual', title: MESSAGES.convertIndividualTitle },
    }),
  'convert-studio-owner': () =>
    new AppError('ACCOUNT_EXISTS_STUDIO_OWNER', MESSAGES.convertStudioOwnerBody, {
      details: { dialog: 'convert-studio-owner', title: MESSAGES.convertStudioOwnerTitle },
    }),
} as const;

/**
 * Individual or studio-owner sign-up with the conversion rules of spec 1 §4. A conversion the member
 * confirmed (convertExisting) deletes the old account, its sessions, subscription data and (for a studio
 * owner) its sub-users, and creates the new one, in one transaction.
 */
export async function signUp(
  ctx: AuthContext,
  input: TSignUpRequest | TStudioSignUpRequest,
  target: 'individual' | 'studio-owner',
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    const conflict = signUpConflict(existing ?? null, target);
    if (conflict.kind !== 'none') {
      const isConversion = conflict.kind === 'convert-individual' || conflict.kind === 'convert-studio-owner';
      if (!isConversion || !input.convertExisting) throw CONFLICT_ERRORS[conflict.kind]();
      await tx.delete(users).where(eq(users.id, existing!.id));
      ctx.log.info({ userId: existing!.id, target }, 'account converted on sign-up');
    }
    const [created] = await tx
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
  });
}

/** Checks the credentials with the lockout of 5 failures in a row per account and per address. */
export async function logIn(ctx: AuthContext, input: TLoginRequest, ip: string): Promise<UserRow> {
  const keys = throttleKeys(input.email, ip);
  if (await isLockedOut(ctx.db, keys)) throw new AppError('TOO_MANY_ATTEMPTS', MESSAGES.tooManyLoginAttempts);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    await recordFailure(ctx.db, keys);
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  await clearFailures(ctx.db, keys);
  return user;
}

/** Issues a single-use link token; only its hash is stored. */
export async function issueLinkToken(
  db: Db,
  userId: string,
  purpose: 'password-reset' | 'invitation',
  ttlMs: number,
): Promise<string> {
  const token = generateToken();
  await db
    .insert(authTokens)
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
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
    const [token] = await tx
      .select()
      .from(authTokens)
      .where(
        and(
          eq(authTokens.tokenHash, sha256(input.token)),
          eq(authTokens.userId, input.userId),
          eq(authTokens.purpose, purpose),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .limit(1)
      .for('update');
    if (!token) throw new AppError('TOKEN_INVALID', MESSAGES.resetTokenInvalid);
    await tx.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, token.id));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning({ email: users.email });
    await deleteOtherSessions(tx, input.userId);
    // A new password lifts a lockout of the account.
    if (user) await clearFailures(tx, [`email:${user.email}`]);
  });
}

/** Changes the password with the current one and ends the user's other sessions. */
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
  });
}
