/**
 * The navigation state the player sends a member without a plan to /plans with, so the plans page can say
 * why they are there (shared: the player and plans features do not import each other).
 */
export const PLAN_REQUIRED_REASON = 'plan-required';

export function isPlanRequired(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { reason?: unknown }).reason === PLAN_REQUIRED_REASON
  );
}
