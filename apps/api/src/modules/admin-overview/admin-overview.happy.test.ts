import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { likesWindowState, subscriptions, users, videoLikesWindows, videoReactions } from '../../db/schema';
import { upsertProgress } from '../progress/queries';
import { writeReaction } from '../reactions/queries';
import { rollLikesWindows, selectTopByLikes, selectTopByLikesFromWindow } from './queries';

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
