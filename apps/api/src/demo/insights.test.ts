import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../test/helpers';
import { seedDemoInsights } from './insights';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  for (let i = 0; i < 6; i += 1) await createVideo(t.app, { title: `Demo ${i}`, durationSeconds: 600 });
});
afterAll(() => t.close());

describe('the demo audience', () => {
  it('fills the overview and the reaction reports once', async () => {
    expect(await seedDemoInsights(t.app.db)).toBe(140);
    expect(await seedDemoInsights(t.app.db)).toBe(0);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const overview = (
      await t.app.inject({ url: `/api/v1/admin/overview?from=${from}&to=${to}`, headers: admin.headers })
    ).json();
    expect(overview.membersByPlan.reduce((n: number, r: { members: number }) => n + r.members, 0)).toBe(140);
    expect(overview.trials.started).toBeGreaterThan(0);
    expect(overview.weekly.some((w: { new: number }) => w.new > 0)).toBe(true);
    expect(
      overview.watchMinutesByDay.filter((d: { minutes: number }) => d.minutes > 0).length,
    ).toBeGreaterThan(60);
    expect(overview.topByLikes.length).toBeGreaterThan(0);
    expect(overview.studios.length).toBeGreaterThan(0);
    const reactions = (await t.app.inject({ url: '/api/v1/admin/reactions', headers: admin.headers })).json();
    expect(reactions.items[0].likesCount).toBeGreaterThan(0);
  });
});
