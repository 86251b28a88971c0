import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants';
import { defineEndpoint, ZOk } from '../http/endpoint';
import { text } from '../http/strings';
import { MESSAGES } from '../messages';
import { SIGNUP_ROLES, ZSessionUser } from '../users/user';

/** A required text field whose every failure (missing, wrong type, blank) shows the spec's one message. */
const requiredText = (message: string, max = 100) =>
  text({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `At most ${max} characters`);

export const ZEmail = text({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** A new password: required, then the length rule shared with change-password (spec 3 §9). */
export const ZNewPassword = text({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong);

const signUpFields = {
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: ZEmail,
  password: ZNewPassword,
  reEnteredPassword: text({ error: MESSAGES.reEnterPasswordRequired })
    .min(1, { error: MESSAGES.reEnterPasswordRequired, abort: true })
    .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong),
  acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  /**
   * Set after the member confirmed the conversion dialog of spec 1 §4. Works only for the proven owner of the
   * existing account: its password in `password`, or its own session (decision 0018).
   */
  convertExisting: z.boolean().optional(),
};

const passwordsMatch = (v: { password: string; reEnteredPassword: string }) =>
  v.password === v.reEnteredPassword;
const mismatch = { message: MESSAGES.passwordsDoNotMatch, path: ['reEnteredPassword'] };

export const ZSignUpRequest = z
  .object({ ...signUpFields, role: z.enum(SIGNUP_ROLES, { error: MESSAGES.roleRequired }) })
  .strict()
  .refine(passwordsMatch, mismatch);
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

export const ZStudioSignUpRequest = z.object(signUpFields).strict().refine(passwordsMatch, mismatch);
export type TStudioSignUpRequest = z.infer<typeof ZStudioSignUpRequest>;

export const ZSessionResponse = z.object({
  user: ZSessionUser,
  /** Sent back in the X-CSRF-Token header on every cookie-authenticated mutation. */
  csrfToken: z.string(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZLoginRequest = z
  .object({
    email: ZEmail,
    password: text({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired, abort: true })
      .max(MAX_PASSWORD_LENGTH),
  })
  .strict();
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: ZSessionUser,
});

export const ZForgotPasswordRequest = z.object({ email: ZEmail }).strict();
export const ZMessageResponse = z.object({ message: z.string() });

export const ZUserId = z.uuid({ error: 'Invalid link' });
export const ZLinkToken = text({ error: MESSAGES.resetTokenInvalid })
  .min(20, MESSAGES.resetTokenInvalid)
  .max(200);

export const ZResetPasswordRequest = z
  .object({ userId: ZUserId, token: ZLinkToken, password: ZNewPassword })
  .strict();
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: text({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired, abort: true })
      .max(MAX_PASSWORD_LENGTH),
    newPassword: text({ error: MESSAGES.newPasswordTooShort })
      .min(MIN_PASSWORD_LENGTH, MESSAGES.newPasswordTooShort)
      .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong),
    confirmPassword: text({ error: MESSAGES.reEnterPasswordRequired }).max(MAX_PASSWORD_LENGTH),
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const authEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/auth/signup',
    summary: 'Individual sign-up; starts a session',
    tags: ['auth'],
    auth: 'public',
    body: ZSignUpRequest,
    response: ZSessionResponse,
    successStatus: 201,
    errors: [
      'VALIDATION_FAILED',
      'EMAIL_TAKEN',
      'ACCOUNT_MAY_EXIST',
      'ACCOUNT_EXISTS_STUDIO_OWNER',
      'ACCOUNT_EXISTS_SUBUSER',
      'BILLING_PROVIDER_ERROR',
      'RATE_LIMITED',
    ],
  }),
  studioSignUp: defineEndpoint({
    method: 'POST',
    path: '/auth/studio-signup',
    summary: 'Studio owner sign-up; starts a session',
    tags: ['auth'],
    auth: 'public',
    body: ZStudioSignUpRequest,
    response: ZSessionResponse,
    successStatus: 201,
    errors: [
      'VALIDATION_FAILED',
      'EMAIL_TAKEN',
      'ACCOUNT_EXISTS_INDIVIDUAL',
      'ACCOUNT_MAY_EXIST',
      'ADMIN_NOT_CONVERTIBLE',
      'ACCOUNT_EXISTS_SUBUSER',
      'BILLING_PROVIDER_ERROR',
      'RATE_LIMITED',
    ],
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in with email and password; sets the session cookie',
    tags: ['auth'],
    auth: 'public',
    body: ZLoginRequest,
    response: ZSessionResponse,
    errors: ['VALIDATION_FAILED', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
  }),
  createToken: defineEndpoint({
    method: 'POST',
    path: '/auth/tokens',
    summary: 'Log in for API clients (mobile apps); answers a bearer token instead of a cookie',
    tags: ['auth'],
    auth: 'public',
    body: ZLoginRequest,
    response: ZTokenResponse,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/auth/session',
    summary: 'The current session user',
    tags: ['auth'],
    auth: 'session',
    response: ZSessionResponse,
    errors: ['UNAUTHENTICATED'],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session',
    tags: ['auth'],
    auth: 'public',
    response: ZOk,
    errors: ['CSRF_FAILED'],
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/password/forgot',
    summary: 'Mail a single-use reset link; the same answer whether or not the email exists',
    tags: ['auth'],
    auth: 'public',
    body: ZForgotPasswordRequest,
    response: ZMessageResponse,
    successStatus: 202,
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/password/reset',
    summary: 'Set a new password with a reset link token',
    tags: ['auth'],
    auth: 'public',
    body: ZResetPasswordRequest,
    response: ZMessageResponse,
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  setPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/password/set',
    summary: "Set a sub-user's first password with the invitation link token",
    tags: ['auth'],
    auth: 'public',
    body: ZResetPasswordRequest,
    response: ZMessageResponse,
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/account/password',
    summary: "Change the password with the current one; ends the user's other sessions",
    tags: ['account'],
    auth: 'session',
    body: ZChangePasswordRequest,
    response: ZMessageResponse,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'WRONG_PASSWORD', 'CSRF_FAILED'],
  }),
} as const;
