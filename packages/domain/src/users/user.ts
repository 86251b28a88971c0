import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

/** userType of spec 1 §3; null is the spec's "empty" (signed up, no plan yet). */
export const USER_TYPES = ['studio-owner', 'subuser', 'vip', 'individual-user'] as const;
export const ZUserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof ZUserType>;

/** The role a member picks at individual sign-up. */
export const SIGNUP_ROLES = ['dancer-parent', 'dance-instructor', 'other'] as const;
export const ZSignupRole = z.enum(SIGNUP_ROLES);
export type SignupRole = z.infer<typeof ZSignupRole>;
export const SIGNUP_ROLE_LABELS: Record<SignupRole, string> = {
  'dancer-parent': 'Dancer/Parent',
  'dance-instructor': 'Dance Instructor',
  other: 'Other',
};

/** The session user of spec 1 §3, in our own clean names. */
export const ZSessionUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  userType: ZUserType.nullable(),
  signupRole: ZSignupRole.nullable(),
  subscriptionId: z.string().nullable(),
  isTrialAvailed: z.boolean(),
  imageUrl: z.string().nullable(),
  studioOwnerId: z.string().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** The six kinds of user of spec 1 §1. */
export const USER_KINDS = ['guest', 'individual', 'vip', 'studio-owner', 'subuser', 'admin'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/**
 * Which kind a user is. A logged-in member without a plan (empty userType) counts as an individual
 * who has not subscribed yet; `hasPlan` tells them apart where it matters.
 */
export function kindOf(user: Pick<TSessionUser, 'role' | 'userType'> | null | undefined): UserKind {
  if (!user) return 'guest';
  if (user.role === 'admin') return 'admin';
  switch (user.userType) {
    case 'studio-owner':
      return 'studio-owner';
    case 'subuser':
      return 'subuser';
    case 'vip':
      return 'vip';
    default:
      return 'individual';
  }
}

export function fullName(user: Pick<TSessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** What an avatar without a picture shows: the first letters of the first and last names, in capitals. */
export function initialsOf(user: Pick<TSessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
