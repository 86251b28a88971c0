import {
  MESSAGES,
  SUBUSER_EMAIL_LOCKED_MESSAGE,
  type TAccountDetails,
  type TChangeEmailRequest,
  type TUpdateNameRequest,
} from '@dance/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../auth/passwords';

export function toAccountDetails(user: UserRow): TAccountDetails {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    imageUrl: user.imageUrl ?? null,
    userType: user.userType ?? null,
    commentNotifications: user.commentNotifications,
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

/** Changes the login email after checking the current password; sub-users' emails belong to the studio. */
export async function changeEmail(db: Db, user: UserRow, input: TChangeEmailRequest): Promise<UserRow> {
  if (user.userType === 'subuser') throw new AppError('FORBIDDEN', SUBUSER_EMAIL_LOCKED_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', MESSAGES.currentPasswordWrong, {
      fields: { currentPassword: MESSAGES.currentPasswordWrong },
    });
  }
  if (input.email === user.email) return user;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, user.id)))
    .limit(1);
  if (taken)
    throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } });
  // Two changes racing for one address: the unique index decides, and the error plugin answers its 409.
  return updateUser(db, user.id, { email: input.email });
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
