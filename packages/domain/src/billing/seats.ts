import { findPlan, isStudioPlan, type PlanId } from './plans';

/** Spec 3 §4 "Seats": the seat table's labels. */
export const SEAT_LABELS = { emptySeat: 'EMPTY SEAT', availableSeat: 'Available Seat' } as const;

/** Seats of a studio plan (5 or 10, the owner included); 0 for individual plans or no plan. */
export function seatsOfPlan(planId: PlanId | null): number {
  return planId && isStudioPlan(planId) ? findPlan(planId).seats : 0;
}

/** Required seats: the sub-user seats besides the owner (4 or 9). */
export function requiredSeatsOfPlan(planId: PlanId | null): number {
  return Math.max(0, seatsOfPlan(planId) - 1);
}

/** Seats left = required seats minus sub-users (never below zero, e.g. after a downgrade from 10 to 5). */
export function seatsLeft(requiredSeats: number, subUserCount: number): number {
  return Math.max(0, requiredSeats - subUserCount);
}

/** The add-seat form is enabled only when seats are left and the studio subscription is active. */
export function canAddSubUser(input: { seatsLeft: number; isSubscriptionActive: boolean }): boolean {
  return input.seatsLeft > 0 && input.isSubscriptionActive;
}
