import { z } from 'zod';
import { ZEmail, ZLinkToken, ZUserId } from '../auth/contracts';
import { MAX_PASSWORD_LENGTH } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZUserType } from '../users/user';

const name = (message: string) =>
  text({ error: message }).trim().min(1, { error: message, abort: true }).max(100, 'At most 100 characters');

/** Sub-users' emails belong to their studio (spec 3 §6). */
export const SUBUSER_EMAIL_LOCKED_MESSAGE =
  'Sub-users cannot change their email. Please ask your studio owner.';

export const ZAccountDetails = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  userType: ZUserType.nullable(),
  commentNotifications: z.boolean(),
  /** The new email waiting for its confirmation link to be followed (issue 13 finding 9); null when none. */
  pendingEmail: z.string().nullable(),
});
export type TAccountDetails = z.infer<typeof ZAccountDetails>;

export const ZUpdateNameRequest = z
  .object({ firstName: name(MESSAGES.firstNameRequired), lastName: name(MESSAGES.lastNameRequired) })
  .strict();
export type TUpdateNameRequest = z.infer<typeof ZUpdateNameRequest>;

export const ZChangeEmailRequest = z
  .object({
    email: ZEmail,
    currentPassword: text({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired, abort: true })
      .max(MAX_PASSWORD_LENGTH),
  })
  .strict();
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

/** How long the confirmation link mailed to the new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The answer to a change of email: nothing changed yet, a link went to the new address. */
export const emailChangePendingMessage = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your email changes when you open that link (valid for 24 hours); until then, keep logging in with your current email.`;

export const ZConfirmEmailRequest = z.object({ userId: ZUserId, token: ZLinkToken }).strict();
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;
export const ZConfirmEmailAnswer = z.object({
  message: z.string(),
  email: z.string(),
  /** The confirming request carried a session of this account, which stays signed in. */
  sessionKept: z.boolean(),
});
export type TConfirmEmailAnswer = z.infer<typeof ZConfirmEmailAnswer>;

export const ZSetImageRequest = z.object({ imageUrl: text().trim().min(1).max(500) }).strict();
export const ZNotificationPreferences = z.object({ commentNotifications: z.boolean() }).strict();

const ZAccountAnswer = z.object({ account: ZAccountDetails, message: z.string() });

export const accountEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/account',
    summary: "The session user's personal details and preferences",
    tags: ['account'],
    auth: 'session',
    response: ZAccountDetails,
    errors: ['UNAUTHENTICATED'],
  }),
  updateName: defineEndpoint({
    method: 'PATCH',
    path: '/account',
    summary: 'Change first and last name',
    tags: ['account'],
    auth: 'session',
    body: ZUpdateNameRequest,
    response: ZAccountAnswer,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
  changeEmail: defineEndpoint({
    method: 'PUT',
    path: '/account/email',
    summary:
      'Ask to change the login email (needs the current password): mails a notice to the current address and a confirmation link to the new one; nothing changes until the link is followed',
    tags: ['account'],
    auth: 'session',
    body: ZChangeEmailRequest,
    response: ZAccountAnswer,
    successStatus: 202,
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'CSRF_FAILED',
      'FORBIDDEN',
      'WRONG_PASSWORD',
      'RATE_LIMITED',
    ],
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/account/email/confirm',
    summary:
      "Apply a change of email with the single-use link mailed to the new address; ends the account's other sessions",
    tags: ['account'],
    auth: 'public',
    body: ZConfirmEmailRequest,
    response: ZConfirmEmailAnswer,
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID', 'EMAIL_TAKEN', 'CSRF_FAILED', 'RATE_LIMITED'],
  }),
  setImage: defineEndpoint({
    method: 'PUT',
    path: '/account/image',
    summary: 'Set the profile image to an image uploaded with POST /files (purpose profile-image)',
    tags: ['account'],
    auth: 'session',
    body: ZSetImageRequest,
    response: ZAccountAnswer,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
  setNotifications: defineEndpoint({
    method: 'PUT',
    path: '/account/notification-preferences',
    summary: 'Turn comment notifications on or off',
    tags: ['account'],
    auth: 'session',
    body: ZNotificationPreferences,
    response: ZAccountAnswer,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
} as const;
