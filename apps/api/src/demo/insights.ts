import type { PlanId } from '@dance/domain';
import { and, asc, count, eq, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions, users, videoReactions, videos, videoWatchDaily, watchProgress } from '../db/schema';

const DAY_MS = 86_400_000;
const MEMBERS = 140;
const DAYS = 120;
const EMAIL_DOMAIN = 'members.demo.test';

const FIRST = [
  'Ava',
  'Mia',
  'Leo',
  'Zoe',
  'Ian',
  'Noa',
  'Eli',
  'Ivy',
  'Kai',
  'Ada',
  'Lia',
  'Max',
  'Rae',
  'Sam',
];
const LAST = ['Rivera', 'Chen', 'Okafor', 'Novak', 'Haddad', 'Silva', 'Moreau', 'Kim', 'Larsen', 'Patel'];

/** A small seeded random generator (mulberry32): the same demo data on every fresh start. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Demo audience for the admin's insights (issue 18): 140 members (no password: they cannot sign in) who joined
 * over the last 120 days on the four plans, some through a trial, some since cancelled; their likes and
 * dislikes of the library; and what they watched, day by day, so the overview and the reaction reports show a
 * believable business on a fresh `pnpm dev`. Idempotent: skipped when the demo audience exists.
 */
export async function seedDemoInsights(db: Db): Promise<number> {
  const [existing] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.email, `%@${EMAIL_DOMAIN}`));
  if ((existing?.n ?? 0) > 0) return 0;
  const library = await db
    .select({ id: videos.id, duration: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.fileType, 'video'), lte(videos.releaseAt, new Date())))
    .orderBy(asc(videos.title));
  if (library.length === 0) return 0;
  const rand = random(18);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const now = Date.now();
  // Each video's appeal: a few favourites, a long tail.
  const appeal = library.map((_, i) => 0.15 + 0.85 * rand() ** (1 + (i % 3)));

  await db.transaction(async (tx) => {
    const plans = Array.from({ length: MEMBERS }, (): PlanId => {
      const roll = rand();
      return roll < 0.62 ? 'INDIVIDUAL' : roll < 0.9 ? 'VIP' : roll < 0.97 ? 'STUDIO-5' : 'STUDIO-10';
    });
    const members = await tx
      .insert(users)
      .values(
        plans.map((planId, i) => {
          // More members joined lately: the catalogue is growing.
          const joinedDaysAgo = Math.floor(DAYS * (1 - Math.sqrt(rand())));
          return {
            email: `member${String(i + 1).padStart(3, '0')}@${EMAIL_DOMAIN}`,
            firstName: pick(FIRST),
            lastName: pick(LAST),
            userType: planId.startsWith('STUDIO')
              ? ('studio-owner' as const)
              : planId === 'VIP'
                ? ('vip' as const)
                : ('individual-user' as const),
            createdAt: new Date(now - joinedDaysAgo * DAY_MS - Math.floor(rand() * DAY_MS)),
          };
        }),
      )
      .returning({ id: users.id, createdAt: users.createdAt });

    const subscriptionRows = members.map((member, i) => {
      const planId = plans[i]!;
      const created = member.createdAt;
      const hasTrial = planId !== 'STUDIO-10' && rand() < 0.55;
      const trialEnd = hasTrial ? new Date(created.getTime() + 7 * DAY_MS) : null;
      const fate = rand();
      let status: 'active' | 'in_trial' | 'cancelled' | 'non_renewing' | 'paused' = 'active';
      let cancelledAt: Date | null = null;
      if (trialEnd && trialEnd.getTime() > now) status = 'in_trial';
      else if (trialEnd && fate < 0.3) {
        status = 'cancelled';
        cancelledAt = new Date(trialEnd.getTime() - Math.floor(rand() * 3 * DAY_MS));
      } else if (fate < 0.42) {
        const after = created.getTime() + (10 + Math.floor(rand() * 60)) * DAY_MS;
        if (after < now) {
          status = 'cancelled';
          cancelledAt = new Date(after);
        }
      } else if (fate < 0.47) status = 'non_renewing';
      else if (fate < 0.5) status = 'paused';
      return {
        userId: member.id,
        provider: 'sandbox' as const,
        providerSubscriptionId: `demo-audience-${i + 1}`,
        providerCustomerId: `demo-audience-customer-${i + 1}`,
        planId,
        period: rand() < 0.75 ? ('monthly' as const) : ('yearly' as const),
        status,
        trialStart: hasTrial ? created : null,
        trialEnd,
        cancelledAt,
        resourceVersion: created.getTime(),
        createdAt: created,
        updatedAt: cancelledAt ?? created,
      };
    });
    await tx.insert(subscriptions).values(subscriptionRows);

    const reactions: (typeof videoReactions.$inferInsert)[] = [];
    const progress: (typeof watchProgress.$inferInsert)[] = [];
    for (const member of members) {
      const joined = member.createdAt.getTime();
      library.forEach((video, v) => {
        const a = appeal[v]!;
        const when = new Date(joined + rand() * (now - joined));
        if (rand() < 0.35 * a + 0.03) {
          const duration = Math.max(60, video.duration);
          const isCompleted = rand() < 0.25 + 0.6 * a;
          progress.push({
            userId: member.id,
            videoId: video.id,
            durationSeconds: duration,
            positionSeconds: isCompleted ? duration : Math.floor(duration * (0.1 + 0.8 * rand())),
            isCompleted,
            updatedAt: when,
          });
        }
        if (rand() < 0.3 * a) {
          reactions.push({
            userId: member.id,
            videoId: video.id,
            reaction: rand() < 0.35 + 0.6 * a ? 'like' : 'dislike',
            updatedAt: when,
          });
        }
      });
    }
    for (let i = 0; i < reactions.length; i += 1000)
      await tx.insert(videoReactions).values(reactions.slice(i, i + 1000));
    for (let i = 0; i < progress.length; i += 1000)
      await tx.insert(watchProgress).values(progress.slice(i, i + 1000));

    // The daily rollup as months of real saves would have filled it (the trigger dated the inserts above today).
    const daily: (typeof videoWatchDaily.$inferInsert)[] = [];
    for (let d = 0; d < DAYS; d += 1) {
      const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10);
      const weekend = [0, 6].includes(new Date(now - d * DAY_MS).getUTCDay()) ? 1.4 : 1;
      const growth = 0.35 + 0.65 * (1 - d / DAYS);
      library.forEach((video, v) => {
        const a = appeal[v]!;
        if (rand() < 0.55 * a + 0.05) {
          const seconds = Math.round(growth * weekend * a * (600 + rand() * 2400));
          daily.push({ day, videoId: video.id, seconds });
        }
      });
    }
    for (let i = 0; i < daily.length; i += 1000)
      await tx
        .insert(videoWatchDaily)
        .values(daily.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [videoWatchDaily.day, videoWatchDaily.videoId],
          set: { seconds: sql`${videoWatchDaily.seconds} + excluded.seconds` },
        });
  });
  return MEMBERS;
}
