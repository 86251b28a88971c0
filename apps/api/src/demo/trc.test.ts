import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { filesRoot } from '../adapters/files';
import { trcApplications, trcContent, trcDocuments } from '../db/schema';
import { countPdfPages } from '../modules/trc/documents';
import { seedDemoAccounts } from './accounts';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoTrc } from './trc';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('TRC demo data', () => {
  it('seeds PDF items with real multi-page lesson plans, applications in each status and an approved teacher, once', async () => {
    await seedDemoAccounts(t.app.db, { memberAppUrl: 'http://localhost:5173' });
    await seedDemoCatalogue(t.app.db, filesRoot(t.app.config.dataDir));
    const seeded = await seedDemoTrc(t.app);
    expect(seeded).not.toBeNull();
    // Without rendered demo media the videos are left out; the PDFs are all there.
    const rows = await t.app.db.select().from(trcContent);
    expect(rows.filter((r) => r.fileType === 'pdf').length).toBe(9);
    expect(new Set(rows.flatMap((r) => r.categories))).toEqual(new Set(['lesson-plans', 'resources']));
    expect(rows.some((r) => r.releaseAt.getTime() > Date.now())).toBe(true);
    const [doc] = await t.app.db.select().from(trcDocuments).limit(1);
    const bytes = await t.app.files.readPrivate(doc!.storageKey);
    expect(await countPdfPages(bytes!)).toBe(doc!.pages);
    expect(doc!.pages).toBeGreaterThan(1);
    const statuses = (await t.app.db.select().from(trcApplications)).map((a) => a.status);
    expect(new Set(statuses)).toEqual(new Set(['pending', 'approved', 'rejected']));
    const [teacher] = await t.app.db
      .select()
      .from(trcApplications)
      .where(eq(trcApplications.email, 'vip@demo.test'));
    expect(teacher?.status).toBe('approved');
    expect(await seedDemoTrc(t.app)).toBeNull();
  });
});
