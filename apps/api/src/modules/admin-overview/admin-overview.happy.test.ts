import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import {
  likesWindowState,
  subscriptions,
  users,
  videoLikesWindows,
  videoReactions,
  videoWatchDaily,
  videoWatchWindows,
  watchDayTotals,
  watchProgress,
  watchWindowState,
} from '../../db/schema';
import { upsertProgress } from '../progress/queries';
import { writeReaction } from '../reactions/queries';
import {
  rollLikesWindows,
  rollWatchWindows,
  selectMembersByPlan,
  selectMembersByPlanCounted,
  selectTopByCompletion,
  selectTopByLikes,
  selectTopByLikesFromWindow,
  selectTopByMinutes,
  selectWatchMinutesByDay,
  selectWatchMinutesByDayCounted,
  selectWatchTopsFromWindow,
} from './queries';

let t: TestApp;
let admin: Session;
const v: Record<string, string> = {};
let ownerId = '';

const at = (s: string) => new Date(`2026-${s}Z`);

/**
 * The fixture, by hand, for 2026-03-02 (a Monday) to 2026-03-15:
 *   m1 INDIVIDUAL active,    created 03-03, trial 03-03..03-10          -> trial started, converted
 *   m2 INDIVIDUAL cancelled, created 03-04, trial 03-04..03-11, cancelled 03-09 -> trial started, lapsed
 *   m3 VIP active,           created 02-20
 *   m4 VIP cancelled,        created 01-10, cancelled 03-12
 *   m5 STUDIO-5 active,      created 03-10, two sub-users               -> studio 3 of 5 seats
 *   m6 INDIVIDUAL in_trial,  created 03-14, trial 03-14..03-21          -> trial started (ends after the range)
 *   m7 INDIVIDUAL active,    created 03-20 (after the range)
 * Weeks: 03-02 new 2 (m1, m2), cancelled 0; 03-09 new 2 (m5, m6), cancelled 2 (m2, m4), net 0.
 * Watching: "One" 150 s on 03-05 and 850 + 125 s on 03-06 (a forward seek a minute later counts 2 x 60 + 5 s);
 * "Two" 60 s by each of three members on 03-07, two of them completed.
 * Likes in the range: "Two" 2, "One" 1 (its other like is dated after the range).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  const sub = async (
    planId: 'INDIVIDUAL' | 'VIP' | 'STUDIO-5',
    status: 'active' | 'cancelled' | 'in_trial',
    created: string,
    extra: { trial?: [string, string]; cancelled?: string; userType?: 'studio-owner' } = {},
  ) => {
    const user = await createUser(t.app, extra.userType ? { userType: extra.userType } : {});
    await t.app.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'sandbox',
      providerSubscriptionId: `sub-${user.id}`,
      providerCustomerId: `cus-${user.id}`,
      planId,
      period: 'monthly',
      status,
      resourceVersion: 1,
      createdAt: at(`${created}T09:00:00`),
      trialStart: extra.trial ? at(`${extra.trial[0]}T09:00:00`) : null,
      trialEnd: extra.trial ? at(`${extra.trial[1]}T09:00:00`) : null,
      cancelledAt: extra.cancelled ? at(`${extra.cancelled}T09:00:00`) : null,
    });
    return user;
  };
  await sub('INDIVIDUAL', 'active', '03-03', { trial: ['03-03', '03-10'] });
  await sub('INDIVIDUAL', 'cancelled', '03-04', { trial: ['03-04', '03-11'], cancelled: '03-09' });
  await sub('VIP', 'active', '02-20');
  await sub('VIP', 'cancelled', '01-10', { cancelled: '03-12' });
  const owner = await sub('STUDIO-5', 'active', '03-10', { userType: 'studio-owner' });
  ownerId = owner.id;
  await t.app.db.update(users).set({ firstName: 'Studio', lastName: 'Nova' }).where(eq(users.id, owner.id));
  for (let i = 0; i < 2; i += 1) await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
  await sub('INDIVIDUAL', 'in_trial', '03-14', { trial: ['03-14', '03-21'] });
  await sub('INDIVIDUAL', 'active', '03-20');

  v.One = (await createVideo(t.app, { title: 'One' })).id;
  v.Two = (await createVideo(t.app, { title: 'Two' })).id;
  const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
  const save = (userId: string, videoId: string, position: number, when: string, isCompleted = false) =>
    upsertProgress(t.app.db, userId, videoId, {
      positionSeconds: position,
      durationSeconds: 3000,
      isCompleted,
      updatedAt: at(when),
    });
  await save(a!.id, v.One, 30, '03-05T10:00:00');
  await save(a!.id, v.One, 150, '03-05T10:02:00');
  await save(a!.id, v.One, 1000, '03-06T10:00:00');
  await save(a!.id, v.One, 2000, '03-06T10:01:00');
  await save(b!.id, v.Two, 60, '03-07T10:00:00', true);
  await save(c!.id, v.Two, 60, '03-07T11:00:00', true);
  await save(d!.id, v.Two, 60, '03-07T12:00:00');

  const like = async (userId: string, videoId: string, when: string) => {
    await writeReaction(t.app.db, userId, videoId, 'like');
    await t.app.db
      .update(videoReactions)
      .set({ updatedAt: at(when) })
      .where(eq(videoReactions.userId, userId));
  };
  await like(b!.id, v.Two, '03-08T10:00:00');
  await like(c!.id, v.Two, '03-08T11:00:00');
  await like(a!.id, v.One, '03-08T12:00:00');
  await like(d!.id, v.One, '04-01T12:00:00');
});
afterAll(() => t.close());

const overview = (qs: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/overview${qs}`, headers: admin.headers });

describe('GET /admin/overview', () => {
  it('computes every figure of the range as the fixture says', async () => {
    const res = await overview('?from=2026-03-02&to=2026-03-15');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.membersByPlan).toEqual([
      { planId: 'INDIVIDUAL', status: 'active', members: 2 },
      { planId: 'INDIVIDUAL', status: 'cancelled', members: 1 },
      { planId: 'INDIVIDUAL', status: 'in_trial', members: 1 },
      { planId: 'STUDIO-5', status: 'active', members: 1 },
      { planId: 'VIP', status: 'active', members: 1 },
      { planId: 'VIP', status: 'cancelled', members: 1 },
    ]);
    expect(body.trials).toEqual({ started: 3, converted: 1, lapsed: 1 });
    expect(body.weekly).toEqual([
      { week: '2026-03-02', new: 2, cancelled: 0, net: 2 },
      { week: '2026-03-09', new: 2, cancelled: 2, net: 0 },
    ]);
    expect(body.watchMinutesByDay).toHaveLength(14);
    expect(body.watchMinutesByDay.filter((d: { minutes: number }) => d.minutes > 0)).toEqual([
      { day: '2026-03-05', minutes: 2.5 },
      { day: '2026-03-06', minutes: 16.3 },
      { day: '2026-03-07', minutes: 3 },
    ]);
    expect(body.topByMinutes).toEqual([
      { id: v.One, title: 'One', minutes: 18.8 },
      { id: v.Two, title: 'Two', minutes: 3 },
    ]);
    expect(body.topByCompletion).toEqual([
      { id: v.Two, title: 'Two', viewers: 3, completed: 2, completionRate: 0.6667 },
    ]);
    expect(body.topByLikes).toEqual([
      { id: v.Two, title: 'Two', likes: 2 },
      { id: v.One, title: 'One', likes: 1 },
    ]);
    expect(body.studios).toEqual([
      { id: ownerId, name: 'Studio Nova', planId: 'STUDIO-5', seats: 5, used: 3 },
    ]);
  });

  it('clips the weeks to the range', async () => {
    const body = (await overview('?from=2026-03-04&to=2026-03-10')).json();
    expect(body.weekly).toEqual([
      { week: '2026-03-02', new: 1, cancelled: 0, net: 1 },
      { week: '2026-03-09', new: 1, cancelled: 1, net: 0 },
    ]);
    expect(body.trials).toEqual({ started: 1, converted: 1, lapsed: 0 });
  });

  it('refuses a reversed or too long range with a clear 400', async () => {
    const reversed = await overview('?from=2026-03-15&to=2026-03-02');
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain('Select a valid date range (From must be ≤ To).');
    expect((await overview('?from=2024-01-01&to=2026-03-02')).statusCode).toBe(400);
    expect((await overview('?from=2026-02-30&to=2026-03-02')).statusCode).toBe(400);
    expect((await overview('')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const member = await logInAs(t.app, (await createUser(t.app)).email);
    const url = '/api/v1/admin/overview?from=2026-03-02&to=2026-03-15';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
  });
});

describe('the likes windows of the presets (decision 0053)', () => {
  const DAY = 86_400_000;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let today = '';
  const clips: string[] = [];
  const members: string[] = [];

  /** Every video's likes in the window of `days` days, as stored. */
  const stored = async (days: number) =>
    Object.fromEntries(
      (
        await t.app.db
          .select({ id: videoLikesWindows.videoId, likes: videoLikesWindows.likes })
          .from(videoLikesWindows)
          .where(and(eq(videoLikesWindows.days, days), gt(videoLikesWindows.likes, 0)))
      ).map((r) => [r.id, r.likes]),
    );
  /** The same counted from the reactions, for the `days` days ending on `end`. */
  const counted = async (days: number, end: string) => {
    const from = dayOf(Date.parse(`${end}T00:00:00Z`) - (days - 1) * DAY);
    const rows = await t.app.db
      .select({ id: videoReactions.videoId, likes: sql<number>`count(*)::int` })
      .from(videoReactions)
      .where(
        and(
          eq(videoReactions.reaction, 'like'),
          sql`${videoReactions.updatedAt} >= (${from}::date::timestamp at time zone 'UTC')`,
          sql`${videoReactions.updatedAt} < ((${end}::date + 1)::timestamp at time zone 'UTC')`,
        ),
      )
      .groupBy(videoReactions.videoId);
    return Object.fromEntries(rows.map((r) => [r.id, Number(r.likes)]));
  };
  const expectWindowsToMatch = async (end: string) => {
    for (const days of [7, 30, 90, 365])
      expect(await stored(days), `${days} days`).toEqual(await counted(days, end));
  };
  const react = async (
    member: string,
    clip: string,
    reaction: 'like' | 'dislike' | null,
    daysAgo: number,
  ) => {
    if (reaction === null) {
      await t.app.db
        .delete(videoReactions)
        .where(and(eq(videoReactions.userId, member), eq(videoReactions.videoId, clip)));
      return;
    }
    await t.app.db
      .insert(videoReactions)
      .values({ userId: member, videoId: clip, reaction, updatedAt: new Date(Date.now() - daysAgo * DAY) })
      .onConflictDoUpdate({
        target: [videoReactions.userId, videoReactions.videoId],
        set: { reaction, updatedAt: new Date(Date.now() - daysAgo * DAY) },
      });
  };

  beforeAll(async () => {
    today = dayOf(Date.now());
    for (let i = 0; i < 4; i += 1) clips.push((await createVideo(t.app, { title: `Clip ${i}` })).id);
    for (let i = 0; i < 6; i += 1) members.push((await createUser(t.app)).id);
    // Likes on both sides of every window's edges (6/7, 29/30, 89/90, 364/365 days ago), one a day ahead.
    const ages = [0, 3, 6, 7, 29, 30, 89, 90, 364, 365, 400, -1];
    for (const [i, age] of ages.entries())
      await react(
        members[i % members.length]!,
        clips[i % clips.length]!,
        i % 5 === 4 ? 'dislike' : 'like',
        age,
      );
  });

  it('builds, rolls day by day and follows every like, switch and clear exactly', async () => {
    // Built as of three days ago, then moved to today a day at a time by the incremental path.
    await t.app.db.update(likesWindowState).set({ endDay: null });
    const threeDaysAgo = dayOf(Date.now() - 3 * DAY);
    await rollLikesWindows(t.app.db, threeDaysAgo);
    await expectWindowsToMatch(threeDaysAgo);
    await rollLikesWindows(t.app.db, dayOf(Date.now() - 2 * DAY));
    await rollLikesWindows(t.app.db, today);
    await expectWindowsToMatch(today);
    // Changes after the build go through the trigger.
    await react(members[0]!, clips[1]!, 'like', 2);
    await react(members[1]!, clips[1]!, 'dislike', 0);
    await react(members[2]!, clips[2]!, null, 0);
    await react(members[3]!, clips[3]!, 'like', 45);
    await react(members[4]!, clips[0]!, 'like', 300);
    await react(members[5]!, clips[2]!, 'like', 0);
    await react(members[5]!, clips[2]!, 'like', 10); // redated within the windows
    await expectWindowsToMatch(today);
  });

  it('answers the presets ending today from the window, as counting would', async () => {
    for (const days of [7, 30, 90, 365]) {
      const range = { from: dayOf(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY), to: today };
      const fromWindow = await selectTopByLikesFromWindow(t.app.db, range);
      expect(fromWindow, `${days} days`).not.toBeNull();
      expect(fromWindow).toEqual(await selectTopByLikes(t.app.db, range));
      expect((await overview(`?from=${range.from}&to=${range.to}`)).json().topByLikes).toEqual(fromWindow);
    }
    // Not a preset, or not ending today: counted.
    expect(
      await selectTopByLikesFromWindow(t.app.db, { from: dayOf(Date.now() - 9 * DAY), to: today }),
    ).toBeNull();
    expect(
      await selectTopByLikesFromWindow(t.app.db, {
        from: dayOf(Date.now() - 7 * DAY),
        to: dayOf(Date.now() - DAY),
      }),
    ).toBeNull();
  });

  it('catches up a window the job left behind before answering', async () => {
    await t.app.db.update(likesWindowState).set({ endDay: null });
    await rollLikesWindows(t.app.db, dayOf(Date.now() - 2 * DAY));
    const range = { from: dayOf(Date.now() - 29 * DAY), to: today };
    expect(await selectTopByLikesFromWindow(t.app.db, range)).toEqual(
      await selectTopByLikes(t.app.db, range),
    );
    const [state] = await t.app.db.select().from(likesWindowState).where(eq(likesWindowState.days, 30));
    expect(state!.endDay).toBe(today);
  });
});

describe('the watch windows of the presets (decision 0059)', () => {
  const DAY = 86_400_000;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let today = '';
  const clips: string[] = [];
  const members: string[] = [];
  type Figures = Record<string, { seconds: number; viewers: number; completed: number }>;

  /** Every video's figures in the window of `days` days, as stored (rows of zeros left out). */
  const stored = async (days: number): Promise<Figures> => {
    const rows = await t.app.db.select().from(videoWatchWindows).where(eq(videoWatchWindows.days, days));
    return Object.fromEntries(
      rows
        .filter((r) => r.seconds !== 0 || r.viewers !== 0 || r.completed !== 0)
        .map((r) => [r.videoId, { seconds: r.seconds, viewers: r.viewers, completed: r.completed }]),
    );
  };
  /** The same counted from the daily rows and the progress rows, for the `days` days ending on `end`. */
  const counted = async (days: number, end: string): Promise<Figures> => {
    const from = dayOf(Date.parse(`${end}T00:00:00Z`) - (days - 1) * DAY);
    const figures: Figures = {};
    const at = (id: string) => {
      figures[id] ??= { seconds: 0, viewers: 0, completed: 0 };
      return figures[id];
    };
    const daily = await t.app.db
      .select({ id: videoWatchDaily.videoId, seconds: sql<number>`sum(${videoWatchDaily.seconds}::float8)` })
      .from(videoWatchDaily)
      .where(sql`${videoWatchDaily.day} between ${from}::date and ${end}::date`)
      .groupBy(videoWatchDaily.videoId);
    for (const r of daily) at(r.id).seconds = Number(r.seconds);
    const progress = await t.app.db
      .select({
        id: watchProgress.videoId,
        viewers: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${watchProgress.isCompleted}))::int`,
      })
      .from(watchProgress)
      .where(
        and(
          sql`${watchProgress.updatedAt} >= (${from}::date::timestamp at time zone 'UTC')`,
          sql`${watchProgress.updatedAt} < ((${end}::date + 1)::timestamp at time zone 'UTC')`,
        ),
      )
      .groupBy(watchProgress.videoId);
    for (const r of progress) {
      at(r.id).viewers = Number(r.viewers);
      at(r.id).completed = Number(r.completed);
    }
    return figures;
  };
  const expectWindowsToMatch = async (end: string) => {
    for (const days of [7, 30, 90, 365])
      expect(await stored(days), `${days} days`).toEqual(await counted(days, end));
    // The closed days' totals, as stored, against the daily rows.
    const totals = await t.app.db
      .select({
        day: watchDayTotals.day,
        stored: watchDayTotals.seconds,
        summed: sql<number>`coalesce((select sum(d.seconds::float8) from ${videoWatchDaily} d where d.day = watch_day_totals.day), 0)`,
      })
      .from(watchDayTotals);
    expect(totals.length).toBeGreaterThan(300);
    expect(totals.filter((r) => r.stored !== Number(r.summed))).toEqual([]);
    expect(totals.some((r) => r.stored > 0)).toBe(true);
    const year = { from: dayOf(Date.parse(`${today}T00:00:00Z`) - 400 * DAY), to: today };
    expect(await selectWatchMinutesByDay(t.app.db, year)).toEqual(
      await selectWatchMinutesByDayCounted(t.app.db, year),
    );
  };
  /** A save of `member`'s progress on `clip`, dated `daysAgo` (plus `minutes`). */
  const save = (
    member: string,
    clip: string,
    position: number,
    daysAgo: number,
    isCompleted = false,
    minutes = 0,
  ) =>
    upsertProgress(t.app.db, member, clip, {
      positionSeconds: position,
      durationSeconds: 600,
      isCompleted,
      updatedAt: new Date(Date.now() - daysAgo * DAY + minutes * 60_000),
    });

  beforeAll(async () => {
    today = dayOf(Date.now());
    for (let i = 0; i < 4; i += 1) clips.push((await createVideo(t.app, { title: `Watch ${i}` })).id);
    for (let i = 0; i < 6; i += 1) members.push((await createUser(t.app)).id);
    // Saves on both sides of every window's edges (6/7, 29/30, 89/90, 364/365 days ago), one a day ahead.
    const ages = [0, 3, 6, 7, 29, 30, 89, 90, 364, 365, 400, -1];
    for (const [i, age] of ages.entries())
      await save(members[i % members.length]!, clips[i % clips.length]!, 20 + 7.3 * i, age, i % 3 === 0);
  });

  it('builds, rolls day by day and follows every save, completion and delete exactly', async () => {
    await t.app.db.update(watchWindowState).set({ endDay: null });
    const threeDaysAgo = dayOf(Date.now() - 3 * DAY);
    await rollWatchWindows(t.app.db, threeDaysAgo);
    await expectWindowsToMatch(threeDaysAgo);
    await rollWatchWindows(t.app.db, dayOf(Date.now() - 2 * DAY));
    await rollWatchWindows(t.app.db, today);
    await expectWindowsToMatch(today);
    // Changes after the build go through the triggers.
    await save(members[0]!, clips[0]!, 55.5, 0, false); // a save today of a row last saved today
    await save(members[0]!, clips[0]!, 80.25, 0, true, 1); // completed on the same day
    await save(members[1]!, clips[1]!, 90, 0); // a row of 3 days ago saved again today
    await save(members[2]!, clips[2]!, 10, 45, true); // redated into the 90-day window only
    await save(members[3]!, clips[3]!, 33.3, 300); // redated to 300 days ago
    await save(members[5]!, clips[2]!, 12, 2); // a new row two days ago
    await t.app.db
      .delete(watchProgress)
      .where(and(eq(watchProgress.userId, members[4]!), eq(watchProgress.videoId, clips[0]!)));
    await t.app.db
      .update(videoWatchDaily)
      .set({ seconds: sql`${videoWatchDaily.seconds} + 17.5` })
      .where(eq(videoWatchDaily.videoId, clips[3]!));
    await t.app.db.delete(videoWatchDaily).where(eq(videoWatchDaily.videoId, clips[1]!));
    await expectWindowsToMatch(today);
  });

  it('answers the presets ending today from the window, as counting would', async () => {
    // Enough viewers for the completion ranking (OVERVIEW_MIN_VIEWERS) on two clips.
    for (const [i, member] of members.entries()) {
      await save(member, clips[0]!, 30 + i, 1, i % 2 === 0);
      await save(member, clips[3]!, 40 + i, 5, i % 3 === 0);
    }
    for (const days of [7, 30, 90, 365]) {
      const range = { from: dayOf(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY), to: today };
      const fromWindow = await selectWatchTopsFromWindow(t.app.db, range);
      expect(fromWindow, `${days} days`).not.toBeNull();
      expect(fromWindow!.topByMinutes).toEqual(await selectTopByMinutes(t.app.db, range));
      expect(fromWindow!.topByCompletion).toEqual(await selectTopByCompletion(t.app.db, range));
      expect(fromWindow!.topByCompletion.length, `${days} days`).toBeGreaterThan(0);
      const body = (await overview(`?from=${range.from}&to=${range.to}`)).json();
      expect(body.topByMinutes).toEqual(fromWindow!.topByMinutes);
      expect(body.topByCompletion).toEqual(fromWindow!.topByCompletion);
    }
    expect(
      await selectWatchTopsFromWindow(t.app.db, { from: dayOf(Date.now() - 9 * DAY), to: today }),
    ).toBeNull();
  });

  it('catches up a window the job left behind before answering', async () => {
    await t.app.db.update(watchWindowState).set({ endDay: null });
    await rollWatchWindows(t.app.db, dayOf(Date.now() - 2 * DAY));
    const range = { from: dayOf(Date.now() - 29 * DAY), to: today };
    expect((await selectWatchTopsFromWindow(t.app.db, range))!.topByMinutes).toEqual(
      await selectTopByMinutes(t.app.db, range),
    );
    const [state] = await t.app.db.select().from(watchWindowState).where(eq(watchWindowState.days, 30));
    expect(state!.endDay).toBe(today);
  });
});

describe('the members by plan counts (decision 0059)', () => {
  const expectCountsToMatch = async () => {
    const kept = (await selectMembersByPlan(t.app.db)).map((r) => ({ ...r, members: Number(r.members) }));
    expect(kept).toEqual(await selectMembersByPlanCounted(t.app.db));
  };
  const subscribe = async (
    userId: string,
    planId: 'INDIVIDUAL' | 'VIP',
    status: 'active' | 'cancelled',
    createdAt: Date,
  ) => {
    const [row] = await t.app.db
      .insert(subscriptions)
      .values({
        userId,
        provider: 'sandbox',
        providerSubscriptionId: `sub-${userId}-${createdAt.getTime()}`,
        providerCustomerId: `cus-${userId}`,
        planId,
        period: 'monthly',
        status,
        resourceVersion: 1,
        createdAt,
      })
      .returning();
    return row!;
  };

  it('follows new subscriptions, plan and status changes, deletes and deleted members', async () => {
    await expectCountsToMatch();
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const first = await subscribe(a!.id, 'INDIVIDUAL', 'active', new Date('2026-05-01T00:00:00Z'));
    await expectCountsToMatch();
    // A newer subscription becomes the member's latest; an older one added later does not.
    const second = await subscribe(a!.id, 'VIP', 'active', new Date('2026-06-01T00:00:00Z'));
    await subscribe(a!.id, 'INDIVIDUAL', 'cancelled', new Date('2026-04-01T00:00:00Z'));
    await subscribe(b!.id, 'VIP', 'cancelled', new Date('2026-06-01T00:00:00Z'));
    await expectCountsToMatch();
    await t.app.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, second.id));
    await t.app.db
      .update(subscriptions)
      .set({ nextBillingAt: new Date() })
      .where(eq(subscriptions.id, first.id));
    await expectCountsToMatch();
    // The latest deleted: the one before it counts again; a statement over several members at once.
    await t.app.db.delete(subscriptions).where(eq(subscriptions.id, second.id));
    await subscribe(c!.id, 'INDIVIDUAL', 'active', new Date('2026-07-01T00:00:00Z'));
    await t.app.db
      .update(subscriptions)
      .set({ planId: 'VIP' })
      .where(sql`${subscriptions.userId} in (${a!.id}, ${b!.id}, ${c!.id})`);
    await expectCountsToMatch();
    await t.app.db.delete(users).where(eq(users.id, b!.id));
    await t.app.db.delete(subscriptions).where(eq(subscriptions.userId, c!.id));
    await expectCountsToMatch();
    expect((await overview('?from=2026-03-02&to=2026-03-15')).json().membersByPlan).toEqual(
      await selectMembersByPlanCounted(t.app.db),
    );
  });
});
