import { z } from 'zod';
import { ZEmail } from '../auth/contracts';
import { ZPlanId } from '../billing/plans';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES, ZSubscriptionStatus } from '../billing/status';
import { defineEndpoint } from '../http/endpoint';
import { searchText, text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZRole, ZUserType } from '../users/user';
import { ZAdminPageNumber, ZAdminPageSize, ZDeleted } from './common';

/** The kinds the users list filters by (issue 22 item 10). */
export const ADMIN_USER_KINDS = ['admin', 'individual', 'vip', 'studio-owner', 'subuser', 'no-plan'] as const;
export const ADMIN_USER_KIND_LABELS: Record<(typeof ADMIN_USER_KINDS)[number], string> = {
  admin: 'Admins',
  individual: 'Individual (Standard)',
  vip: 'VIP (Plus)',
  'studio-owner': 'Studio owners',
  subuser: 'Sub-users',
  'no-plan': 'No plan',
};
/** The plan status filter: a billing status, or none (never subscribed). */
export const ADMIN_USER_STATUSES = [...SUBSCRIPTION_STATUSES, 'none'] as const;
export const ADMIN_USER_STATUS_LABELS: Record<(typeof ADMIN_USER_STATUSES)[number], string> = {
  ...SUBSCRIPTION_STATUS_LABELS,
  none: 'No subscription',
};

export const ZAdminUsersQuery = z
  .object({
    search: searchText(100),
    kind: z.enum(ADMIN_USER_KINDS, { error: `kind is one of ${ADMIN_USER_KINDS.join(', ')}` }).optional(),
    status: z
      .enum(ADMIN_USER_STATUSES, { error: `status is one of ${ADMIN_USER_STATUSES.join(', ')}` })
      .optional(),
    page: ZAdminPageNumber,
    pageSize: ZAdminPageSize,
  })
  .strict();
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  userType: ZUserType.nullable(),
  imageUrl: z.string().nullable(),
  studioOwnerId: z.string().nullable(),
  /** The plan that gives access: the user's latest own subscription, or a sub-user's studio's. */
  plan: z
    .object({
      planId: ZPlanId,
      title: z.string(),
      status: ZSubscriptionStatus,
      statusLabel: z.string(),
      via: z.enum(['own', 'studio']),
    })
    .nullable(),
  /** A sub-user's studio: its owner, linked from the list. */
  studio: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

const requiredName = (message: string) =>
  text({ error: message }).trim().min(1, { error: message, abort: true }).max(100, 'At most 100 characters');

/** Spec 3 §5: first name, last name and email are all required. */
export const ZUpdateAdminUserRequest = z
  .object({
    firstName: requiredName(MESSAGES.firstNameRequired),
    lastName: requiredName(MESSAGES.lastNameRequired),
    email: ZEmail,
  })
  .strict();
export type TUpdateAdminUserRequest = z.input<typeof ZUpdateAdminUserRequest>;

export const ADMIN_EMAIL_TAKEN_MESSAGE = 'Another account already uses this email.';
export const ADMIN_CANNOT_DELETE_SELF_MESSAGE = 'You cannot delete your own account.';

export const ZBulkDeleteUsersRequest = z
  .object({
    userIds: z
      .array(z.uuid('Unknown user'), { error: 'userIds must be a list' })
      .min(1, 'Select at least one user')
      .max(100, 'At most 100 users at a time')
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type TBulkDeleteUsersRequest = z.input<typeof ZBulkDeleteUsersRequest>;

const ZUserIdParams = z.object({ userId: z.uuid('Unknown user') }).strict();
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED'] as const;

export const adminUserEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/users',
    summary: 'Users, newest first, searched by name or email, 20 a page',
    tags: ['admin'],
    auth: 'admin',
    query: ZAdminUsersQuery,
    response: z.object({
      items: z.array(ZAdminUser),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/users/:userId',
    summary: "Edit a user's first name, last name and email (unique)",
    tags: ['admin'],
    auth: 'admin',
    params: ZUserIdParams,
    body: ZUpdateAdminUserRequest,
    response: z.object({ user: ZAdminUser, message: z.string() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'EMAIL_TAKEN', ...adminErrors],
  }),
  bulkDelete: defineEndpoint({
    method: 'POST',
    path: '/admin/users/bulk-delete',
    summary: 'Delete the selected users at once (not oneself); unknown ids are skipped',
    tags: ['admin'],
    auth: 'admin',
    body: ZBulkDeleteUsersRequest,
    response: z.object({ deleted: z.number().int(), message: z.string() }),
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', ...adminErrors],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:userId',
    summary:
      "Delete a user (a studio owner's sub-users go with the studio); an admin cannot delete themselves",
    tags: ['admin'],
    auth: 'admin',
    params: ZUserIdParams,
    response: ZDeleted,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', ...adminErrors],
  }),
} as const;
