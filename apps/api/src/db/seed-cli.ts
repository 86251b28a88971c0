import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { seedDemoData } from './seed';

/** `pnpm seed`: applies migrations and seeds the demo data when the database is empty. Stop `pnpm dev` first (PGlite allows one process). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedDemoData(database.db, { memberAppUrl: config.memberAppUrl });
console.log(seeded ? 'Demo data seeded.' : 'The database already has users: nothing seeded.');
await database.close();
