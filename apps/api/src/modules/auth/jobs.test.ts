import { eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { deleteExpiredSessionsJob } from './jobs';
import { createSession } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the expired-session clean-up job', () => {
  it('runs hourly and deletes expired session rows while keeping live ones', async () => {
    expect(deleteExpiredSessionsJob.cron).toBe('0 * * * *');
    const user = await createUser(t.app, { email: 'sessions.cleanup@example.com' });
    const live = await createSession(t.app.db, user.id, 'cookie', {});
    const expired = await createSession(t.app.db, user.id, 'bearer', {});
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(expired.token)));

    await deleteExpiredSessionsJob.handler(t.app, {} as JobWithMetadata<object>);

    const left = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([sha256(live.token)]);
  });
});
