import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { IMPORT_QUEUE } from '../modules/videos-media/imports';
import { PROCESS_QUEUE } from '../modules/videos-media/service';
import { ensureQueue } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('job queue policies', () => {
  it('keeps one processing job and one import job per asset, however often they are sent', async () => {
    const boss = await t.app.jobs.start();
    for (const queue of [PROCESS_QUEUE, IMPORT_QUEUE]) {
      expect((await boss.getQueue(queue))?.policy).toBe('exclusive');
      const assetId = randomUUID();
      const first = await t.app.jobs.send(queue, { assetId }, { singletonKey: assetId });
      const again = await t.app.jobs.send(queue, { assetId }, { singletonKey: assetId });
      const other = randomUUID();
      const another = await t.app.jobs.send(queue, { assetId: other }, { singletonKey: other });
      expect(first).toEqual(expect.any(String));
      // The same asset while its job waits, runs or waits for a retry: refused by the queue.
      expect(again).toBeNull();
      expect(another).toEqual(expect.any(String));
    }
  });

  it('brings a queue made under another policy to the wanted one while it is empty, and not while it holds work', async () => {
    const boss = await t.app.jobs.start();
    const warnings: unknown[] = [];
    const log = { ...t.app.log, info() {}, warn: (o: unknown) => void warnings.push(o) } as typeof t.app.log;
    const name = `policy-test-${randomUUID().slice(0, 8)}`;
    await boss.createQueue(name, { policy: 'standard' });
    await boss.send(name, { n: 1 });
    await ensureQueue(boss, { name, options: { policy: 'exclusive' } }, log);
    expect((await boss.getQueue(name))?.policy).toBe('standard');
    expect(warnings).toHaveLength(1);

    await boss.deleteQueuedJobs(name);
    await ensureQueue(boss, { name, options: { policy: 'exclusive' } }, log);
    expect((await boss.getQueue(name))?.policy).toBe('exclusive');
    await boss.deleteQueue(name);
  });
});
