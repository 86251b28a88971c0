import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated in-memory PGlite, loaded by every test file's database. */
    pgliteTemplatePath: string | null;
    /** A migrated PostgreSQL database every test file's database is copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database before the test files run: each file then starts from a copy of it (a PGlite dump,
 * or a PostgreSQL template) instead of creating and migrating its own, which cost seconds per file.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `t_template_${randomBytes(4).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplatePath', null);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: tmpdir(), inMemory: true });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const path = join(tmpdir(), `dance-api-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  project.provide('postgresTemplate', null);
  return () => rmSync(path, { force: true });
}
