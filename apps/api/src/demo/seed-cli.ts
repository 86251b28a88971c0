import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { seedDemo } from '.';

/**
 * `pnpm seed`: applies migrations and seeds the same demo data as the first start. Stop `pnpm dev` first
 * (PGlite allows one process); demo videos still to render are rendered at the next start.
 */
const app = await buildApp({ config: { ...loadConfig(), seedDemoData: false } });
const seeded = await seedDemo(app);
console.log(
  seeded ? 'Demo data seeded.' : 'The database already has users: only missing demo data was added.',
);
await app.close();
