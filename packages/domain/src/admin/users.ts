import { z } from 'zod';
import { ZEmail } from '../auth/contracts';
import { defineEndpoint } from '../http/endpoint';
import { searchText, text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZRole, ZUserType } from '../users/user';
import { ZAdminPageNumber, ZAdminPageSize, ZDeleted } from './common';

export const ZAdminUsersQuery = z
  .object({
    search: searchText(100),
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
