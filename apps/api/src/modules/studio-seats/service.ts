import {
  canAddSubUser,
  isActiveStatus,
  isStudioPlan,
  MESSAGES,
  policy,
  requiredSeatsOfPlan,
  SUBUSER_INVITE_TTL_MS,
  seatsLeft,
  seatsOfPlan,
  type TAddSubUserRequest,
  type TSeatSummary,
  type TSubUser,
  type TUpdateSubUserRequest,
} from '@dance/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type MailSender, renderActionMail } from '../../adapters/mail';
import type { AppConfig } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { issueLinkToken } from '../auth/service';
import { toSessionUser } from '../auth/sessions';
import { findLatestSubscription } from '../subscriptions/access';

export interface SeatsContext {
  db: Db;
  mail: MailSender;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/** Studio seats are the studio owner's alone (spec 3 §6). */
export function assertStudioOwner(user: UserRow) {
  if (!policy.canManageStudioSeats(toSessionUser(user))) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
}

export function toSubUser(row: UserRow): TSubUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    userType: 'subuser',
    hasSetPassword: row.passwordHash !== null,
  };
}

/** Seats by the studio's latest studio plan (kept visible when it lapses; adding then needs it active). */
export async function readSeatSummary(db: DbOrTx, ownerId: string): Promise<TSeatSummary> {
  const latest = await findLatestSubscription(db, ownerId);
  const studio = latest && isStudioPlan(latest.planId) ? latest : null;
  const [used] = await db.select({ n: count() }).from(users).where(eq(users.studioOwnerId, ownerId));
  const usedSeats = used?.n ?? 0;
  const requiredSeats = requiredSeatsOfPlan(studio?.planId ?? null);
  const left = seatsLeft(requiredSeats, usedSeats);
  const isSubscriptionActive = studio !== null && isActiveStatus(studio.status);
  return {
    seats: seatsOfPlan(studio?.planId ?? null),
    requiredSeats,
    usedSeats,
    seatsLeft: left,
    isSubscriptionActive,
    planId: studio?.planId ?? null,
    canAddSubUser: canAddSubUser({ seatsLeft: left, isSubscriptionActive }),
  };
}

export async function listSubUsers(db: DbOrTx, ownerId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.studioOwnerId, ownerId)).orderBy(asc(users.createdAt));
}

/**
 * Adds a sub-user to a free seat (only while the studio subscription is active) and mails the invitation
 * with the set-password link. The owner's row is locked so two adds cannot take the same last seat.
 */
export async function addSubUser(ctx: SeatsContext, owner: UserRow, input: TAddSubUserRequest) {
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    const summary = await readSeatSummary(tx, owner.id);
    if (!summary.isSubscriptionActive)
      throw new AppError('SUBSCRIPTION_INACTIVE', MESSAGES.studioSubscriptionInactive);
    if (summary.seatsLeft <= 0) throw new AppError('NO_SEATS_LEFT', MESSAGES.noSeatsLeft);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    if (taken) {
      throw new AppError('EMAIL_TAKEN', MESSAGES.subUserEmailTaken, {
        fields: { email: MESSAGES.subUserEmailTaken },
      });
    }
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        userType: 'subuser',
        studioOwnerId: owner.id,
        isTrialAvailed: true,
      })
      .returning();
    return row!;
  });
  const token = await issueLinkToken(ctx.db, created.id, 'invitation', SUBUSER_INVITE_TTL_MS);
  const studioName = `${owner.firstName} ${owner.lastName}`.trim();
  const mail = renderActionMail({
    greeting: `Hi ${created.firstName},`,
    lines: [
      `${studioName} added you to their studio on Dance Training.`,
      'Set your password to start watching. The link works once and expires in 7 days.',
    ],
    actionLabel: 'Set my password',
    actionUrl: `${ctx.config.memberAppUrl}/set-password/${created.id}?token=${token}`,
    footer: 'Dance Training',
  });
  await ctx.mail
    .send({ to: created.email, subject: `You have a seat at ${studioName} on Dance Training`, ...mail })
    .catch((err: unknown) => ctx.log.error({ err, userId: created.id }, 'sub-user invitation mail failed'));
  return created;
}

async function findOwnSubUser(db: DbOrTx, ownerId: string, subUserId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, subUserId), eq(users.studioOwnerId, ownerId)))
    .limit(1);
  // The owner's own row and other studios' users are simply not found here.
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userUpdateFailed);
  return row;
}

export async function updateSubUser(
  db: Db,
  owner: UserRow,
  subUserId: string,
  input: TUpdateSubUserRequest,
): Promise<UserRow> {
  await findOwnSubUser(db, owner.id, subUserId);
  const [updated] = await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
    .where(eq(users.id, subUserId))
    .returning();
  return updated!;
}

/** Removing a sub-user frees the seat and ends their access and sessions at once. */
export async function deleteSubUser(db: Db, owner: UserRow, subUserId: string): Promise<void> {
  await findOwnSubUser(db, owner.id, subUserId);
  await db.delete(users).where(and(eq(users.id, subUserId), eq(users.studioOwnerId, owner.id)));
}
