import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { practiceLog } from '../../db/schema';
import { practiceSummary, recordPractice } from './service';

let t: TestApp;
let session: Session;
let videos: { id: string }[];
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { userType: 'individual-user' });
  session = await logInAs(t.app, user.email);
  videos = [await createVideo(t.app, { title: 'Eights' }), await createVideo(t.app, { title: 'Turns' })];
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe('practice log', () => {
  it('shows an empty page to a new member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/practice', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: 'UTC',
      weeklyGoalMinutes: null,
      weekSeconds: 0,
      streak: { current: 0, longest: 0 },
      days: [],
      topVideos: [],
    });
  });

  it('records a report through the API, and the goal with its time zone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/practice/reports',
      headers: session.headers,
      payload: { videoId: videos[0]!.id, seconds: 30, timeZone: 'Europe/Berlin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().creditedSeconds).toBe(30);
    const goal = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/practice/goal',
      headers: session.headers,
      payload: { weeklyGoalMinutes: 90, timeZone: 'Europe/Berlin' },
    });
    expect(goal.statusCode).toBe(200);
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me/practice', headers: session.headers })
    ).json();
    expect(summary).toMatchObject({ timeZone: 'Europe/Berlin', weeklyGoalMinutes: 90, weekSeconds: 30 });
    expect(summary.topVideos[0]).toMatchObject({ seconds: 30, video: { title: 'Eights' } });
  });

  it('never credits more than elapsed since the last report, from any device, nor past the day cap', async () => {
    const user = await createUser(t.app, { userType: 'individual-user' });
    const report = (seconds: number, now: Date, videoId = videos[0]!.id) =>
      recordPractice(t.app.db, user.id, { videoId, seconds, timeZone: 'UTC' }, now);
    expect((await report(30, at('2026-03-02T10:00:00Z'))).creditedSeconds).toBe(30);
    // 10 s later another device claims 300 s: only the 10 s elapsed (plus 5 s slack) count.
    expect((await report(300, at('2026-03-02T10:00:10Z'), videos[1]!.id)).creditedSeconds).toBe(15);
    // A claim within the time elapsed is credited in full.
    expect((await report(30, at('2026-03-02T10:00:40Z'))).creditedSeconds).toBe(30);
    // Near the day's 16 hours (57,550 s so far), a full claim is credited only what is left of the cap.
    await t.app.db
      .update(practiceLog)
      .set({ seconds: 57_550 - 15 }) // the other video holds 15 s
      .where(and(eq(practiceLog.userId, user.id), eq(practiceLog.videoId, videos[0]!.id)));
    expect((await report(300, at('2026-03-02T10:10:00Z'))).creditedSeconds).toBe(50);
    expect((await report(300, at('2026-03-02T10:20:00Z'))).creditedSeconds).toBe(0);
    const summary = await practiceSummary(t.app.db, user.id, at('2026-03-02T10:20:00Z'));
    expect(summary.days.find((d) => d.day === '2026-03-02')!.seconds).toBe(16 * 3600);
  });

  it('counts days in the member time zone and keeps the streak until the day is over', async () => {
    const user = await createUser(t.app, { userType: 'individual-user' });
    const tz = 'America/Los_Angeles';
    const report = (now: string) =>
      recordPractice(t.app.db, user.id, { videoId: videos[0]!.id, seconds: 60, timeZone: tz }, at(now));
    // 2026-03-03 05:00 UTC is still the 2nd in Los Angeles.
    await report('2026-03-03T05:00:00Z');
    await report('2026-03-03T20:00:00Z');
    await report('2026-03-04T20:00:00Z');
    const summary = await practiceSummary(t.app.db, user.id, at('2026-03-05T20:00:00Z'));
    expect(summary.days).toEqual([
      { day: '2026-03-02', seconds: 60 },
      { day: '2026-03-03', seconds: 60 },
      { day: '2026-03-04', seconds: 60 },
    ]);
    // The 5th has no practice yet: the streak of 3 stands until it ends.
    expect(summary.streak).toEqual({ current: 3, longest: 3 });
    // Monday the 2nd to Thursday the 5th.
    expect(summary.weekSeconds).toBe(180);
    const later = await practiceSummary(t.app.db, user.id, at('2026-03-07T20:00:00Z'));
    expect(later.streak).toEqual({ current: 0, longest: 3 });
  });
});
