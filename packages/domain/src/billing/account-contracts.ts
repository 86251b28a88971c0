import { z } from 'zod';
import { ZEmail } from '../auth/contracts';
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
    summary: 'Change the login email (needs the current password)',
    tags: ['account'],
    auth: 'session',
    body: ZChangeEmailRequest,
    response: ZAccountAnswer,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'WRONG_PASSWORD', 'EMAIL_TAKEN'],
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
