import type { TSessionResponse } from '@dance/domain';
import { MESSAGES, policy } from '@dance/domain';

/** Why a session may not open the console (spec 3 §4), or null when it may. */
export function describeAccessDenial(session: TSessionResponse | null): string | null {
  if (!session) return MESSAGES.pleaseLoginAgain;
  if (!policy.canUseAdminConsole(session.user)) return MESSAGES.roleMismatch;
  return null;
}
