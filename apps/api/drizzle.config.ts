import { defineConfig } from 'drizzle-kit';

/** Migrations are generated only (`pnpm --filter @dance/api db:generate`) and applied in-process at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
