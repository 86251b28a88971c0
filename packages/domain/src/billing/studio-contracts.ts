import { z } from 'zod';
import { ZEmail } from '../auth/contracts';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZPlanId } from './plans';

const name = (message: string) =>
  text({ error: message }).trim().min(1, { error: message, abort: true }).max(100, 'At most 100 characters');

export const ZSeatSummary = z.object({
  /** 5 or 10 by plan (the owner included); 0 without an active studio plan. */
  seats: z.number().int(),
  /** Sub-user seats besides the owner: 4 or 9 (spec's data.requiredSeats). */
  requiredSeats: z.number().int(),
  usedSeats: z.number().int(),
  seatsLeft: z.number().int(),
  isSubscriptionActive: z.boolean(),
  planId: ZPlanId.nullable(),
  canAddSubUser: z.boolean(),
});
export type TSeatSummary = z.infer<typeof ZSeatSummary>;

export const ZSubUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  userType: z.literal('subuser'),
  /** False until the invitation's set-password link was used. */
  hasSetPassword: z.boolean(),
});
export type TSubUser = z.infer<typeof ZSubUser>;

export const ZSubUserList = z.object({
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  subUsers: z.array(ZSubUser),
});
export type TSubUserList = z.infer<typeof ZSubUserList>;

export const ZAddSubUserRequest = z
  .object({
    firstName: name(MESSAGES.firstNameRequired),
    lastName: name(MESSAGES.lastNameRequired),
    email: ZEmail,
  })
  .strict();
export type TAddSubUserRequest = z.infer<typeof ZAddSubUserRequest>;

/** Sub-users cannot change email: the body has no email field (strict, so one sent is refused). */
export const ZUpdateSubUserRequest = z
  .object({ firstName: name(MESSAGES.firstNameRequired), lastName: name(MESSAGES.lastNameRequired) })
  .strict();
export type TUpdateSubUserRequest = z.infer<typeof ZUpdateSubUserRequest>;

export const ZSubUserParams = z.object({ subUserId: z.uuid({ error: 'Invalid user id' }) }).strict();

const errors = ['UNAUTHENTICATED', 'CSRF_FAILED', 'FORBIDDEN'] as const;

export const studioSeatEndpoints = {
  seats: defineEndpoint({
    method: 'GET',
    path: '/studio/seats',
    summary: "The studio's seats: by plan, used and left",
    tags: ['studio'],
    auth: 'session',
    response: ZSeatSummary,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/studio/sub-users',
    summary: "The studio's owner and sub-users",
    tags: ['studio'],
    auth: 'session',
    response: ZSubUserList,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/studio/sub-users',
    summary: 'Add a sub-user to a free seat and mail the set-password invitation',
    tags: ['studio'],
    auth: 'session',
    body: ZAddSubUserRequest,
    response: z.object({ subUser: ZSubUser, message: z.string() }),
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...errors, 'NO_SEATS_LEFT', 'SUBSCRIPTION_INACTIVE', 'EMAIL_TAKEN'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/studio/sub-users/:subUserId',
    summary: "Edit a sub-user's name (the email cannot change)",
    tags: ['studio'],
    auth: 'session',
    params: ZSubUserParams,
    body: ZUpdateSubUserRequest,
    response: z.object({ subUser: ZSubUser, message: z.string() }),
    errors: ['VALIDATION_FAILED', ...errors, 'NOT_FOUND'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/studio/sub-users/:subUserId',
    summary: 'Remove a sub-user; their seat and access end at once',
    tags: ['studio'],
    auth: 'session',
    params: ZSubUserParams,
    response: z.object({ message: z.string() }),
    errors: ['VALIDATION_FAILED', ...errors, 'NOT_FOUND'],
  }),
} as const;
