import type { FastifyInstance } from 'fastify';
import { filesRoot } from '../adapters/files';
import { seedDemoAccounts } from './accounts';
import { seedDemoBilling } from './billing';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoComments } from './comments';
import { seedDemoContent } from './content';
import { seedDemoInsights } from './insights';
import { seedDemoMedia } from './media';
import { seedDemoNotifications } from './notifications';
import { seedDemoPlaylists } from './playlists';
import { seedDemoReleaseAudit } from './release-audit';
import { seedDemoTrc } from './trc';

/**
 * All the demo data, for the first start (SEED_DEMO_DATA) and `pnpm seed` alike. Each seeder adds its part
 * only when it is missing; demo media renders in the background and resumes at the next start (DEMO_MEDIA).
 * Returns whether the demo accounts were created (false: the database already had users).
 */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  const { db, config } = app;
  const filesDir = filesRoot(config.dataDir);
  const accounts = await seedDemoAccounts(db, { memberAppUrl: config.memberAppUrl, log: app.log });
  await seedDemoBilling(db);
  const catalogue = await seedDemoCatalogue(db, filesDir);
  if (catalogue) app.log.info(catalogue, 'demo catalogue seeded');
  const content = await seedDemoContent(db, filesDir);
  if (content) app.log.info(content, 'demo media library and popups seeded');
  await seedDemoMedia(app);
  await seedDemoPlaylists(db);
  const audience = await seedDemoInsights(db);
  if (audience)
    app.log.info({ members: audience }, 'demo audience (reactions, watching, subscriptions) seeded');
  await seedDemoComments(db, filesDir);
  const auditEvents = await seedDemoReleaseAudit(db);
  if (auditEvents) app.log.info({ auditEvents }, 'demo release audit seeded');
  const trc = await seedDemoTrc(app);
  if (trc) app.log.info(trc, 'demo teacher resource center seeded');
  const notifications = await seedDemoNotifications(db);
  if (notifications) app.log.info(notifications, 'demo notifications seeded');
  return accounts;
}
