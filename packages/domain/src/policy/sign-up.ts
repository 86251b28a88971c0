import type { TSessionUser } from '../users/user';

export type SignUpConflict =
  | { kind: 'none' }
  | { kind: 'email-taken' }
  | { kind: 'convert-individual' }
  | { kind: 'convert-studio-owner' }
  | { kind: 'admin-not-convertible' }
  | { kind: 'subuser-exists' };

/**
 * The conversion rules of spec 1 §4: what happens when someone signs up with an email that already has
 * an account. `target` is the sign-up form used.
 */
export function signUpConflict(
  existing: Pick<TSessionUser, 'role' | 'userType'> | null,
  target: 'individual' | 'studio-owner',
): SignUpConflict {
  if (!existing) return { kind: 'none' };
  if (existing.userType === 'subuser') return { kind: 'subuser-exists' };
  if (target === 'studio-owner') {
    if (existing.role === 'admin') return { kind: 'admin-not-convertible' };
    if (existing.userType === 'studio-owner') return { kind: 'email-taken' };
    return { kind: 'convert-individual' };
  }
  if (existing.role === 'admin') return { kind: 'email-taken' };
  if (existing.userType === 'studio-owner') return { kind: 'convert-studio-owner' };
  return { kind: 'email-taken' };
}
