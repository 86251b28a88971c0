import { defineJob } from '../../jobs';
import { SitemapDocuments } from './documents';

export const SITEMAP_JOB = 'sitemap-refresh';

/**
 * Keeps the stored sitemap (decision 0053) in step with the catalogue: every minute, and once at start, it reads
 * the data's stamp (a few index reads) and regenerates every file only when the stamp has moved on (a video or
 * featured playlist changed, or a release instant passed). Crawlers then read stored files; a request that comes
 * between a change and the next run regenerates them itself.
 */
export const sitemapRefreshJob = defineJob({
  name: SITEMAP_JOB,
  // The next minute's run retries anyway.
  options: { retryLimit: 0 },
  cron: '* * * * *',
  onStart: async (_app, boss) => {
    await boss.send(SITEMAP_JOB, {}, { singletonKey: 'sitemap-refresh:start', singletonSeconds: 60 });
  },
  handler: async (app) => {
    await new SitemapDocuments(app.db, app.config.memberAppUrl).refresh();
  },
});
