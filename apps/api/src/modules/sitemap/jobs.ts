import { defineJob } from '../../jobs';
import { SitemapDocuments } from './documents';

export const SITEMAP_JOB = 'sitemap-refresh';

/**
 * Keeps the stored sitemap (decision 0053) in step with the catalogue: every minute, and once at start, it reads
 * the data's stamp (a few index reads) and regenerates every file only when the stamp has moved on (a video or
 * featured playlist changed, or a release instant passed). Requests read the stored files, so a change reaches
 * the sitemap within a minute and the time of one generation (crawlers may keep it an hour anyway).
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
