import { type BillingPeriod, findPlan, PERIOD_DAYS, type PlanId } from '@dance/domain';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { billingCustomers, subscriptions, users } from '../db/schema';
import { recordTrial } from '../modules/subscriptions/access';
import { syncUserAccess } from '../modules/subscriptions/state';

/** The demo accounts' plans (DESIGN.md "Demo data"); ids match demo-accounts.json's subscriptionId. */
const DEMO_SUBSCRIPTIONS: {
  email: string;
  id: string;
  planId: PlanId;
  period: BillingPeriod;
  isStudio: boolean;
}[] = [
  {
    email: 'dancer@demo.test',
    id: 'demo-sub-standard',
    planId: 'INDIVIDUAL',
    period: 'monthly',
    isStudio: false,
  },
  { email: 'vip@demo.test', id: 'demo-sub-plus', planId: 'VIP', period: 'yearly', isStudio: false },
  { email: 'studio@demo.test', id: 'demo-sub-studio', planId: 'STUDIO-10', period: 'yearly', isStudio: true },
];

const DAY_MS = 86_400_000;

/**
 * Seeds sandbox subscriptions for the demo accounts: dancer Standard active, vip Plus active, the studio
 * owner Studio 10 seats yearly active (its two sub-users get access through it); newbie has none.
 * Idempotent: skipped when any subscription exists.
 */
export async function seedDemoBilling(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(subscriptions);
  if ((existing?.n ?? 0) > 0) return 0;
  const accounts = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_SUBSCRIPTIONS.map((s) => s.email),
      ),
    );
  let seeded = 0;
  for (const demo of DEMO_SUBSCRIPTIONS) {
    const user = accounts.find((u) => u.email === demo.email);
    if (!user) continue;
    const customerId = demo.isStudio ? `studio-${user.id}` : user.id;
    // Started a while ago, after the family's trial: paid and active now.
    const termStart = new Date(Date.now() - 10 * DAY_MS);
    const termEnd = new Date(termStart.getTime() + PERIOD_DAYS[demo.period] * DAY_MS);
    await db.transaction(async (tx) => {
      await tx
        .insert(billingCustomers)
        .values({ userId: user.id, provider: 'sandbox', customerId })
        .onConflictDoNothing();
      await tx.insert(subscriptions).values({
        userId: user.id,
        provider: 'sandbox',
        providerSubscriptionId: demo.id,
        providerCustomerId: customerId,
        planId: demo.planId,
        period: demo.period,
        status: 'active',
        currentTermStart: termStart,
        currentTermEnd: termEnd,
        nextBillingAt: termEnd,
        resourceVersion: termStart.getTime(),
      });
      if (findPlan(demo.planId).trialDays[demo.period] > 0) {
        await recordTrial(tx, user, {
          family: findPlan(demo.planId).family,
          customerId,
          providerSubscriptionId: demo.id,
        });
      }
      await syncUserAccess(tx, user.id);
    });
    seeded += 1;
  }
  return seeded;
}
