import { ConfigError, loadConfig } from './config/env';
import { migratePostgresDatabase } from './db/client';

/**
 * Applies the database migrations and exits (`node dist/migrate.js`, `pnpm --filter @dance/api migrate`): a
 * deploy runs it once as its own step, with MIGRATE_ON_START=false on the processes. Parallel runs take turns
 * under the migrator's advisory lock.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError(
      'DATABASE_URL is required: the embedded database migrates when the API starts.\nSee the configuration table in README.md.',
    );
  const started = Date.now();
  await migratePostgresDatabase(config.databaseUrl);
  console.log(`Migrations applied in ${Date.now() - started} ms.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
