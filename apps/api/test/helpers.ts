import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type AppConfig, testConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { type NewUserRow, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database created for this test file and dropped afterwards.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'onRoute' | 'spanExporter'> = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  const postgresTemplate = inject('postgresTemplate');
  const pgliteTemplatePath = inject('pgliteTemplatePath');
  if (adminUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await createDatabaseFrom(admin, name, postgresTemplate);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const database = await openDatabase({
    databaseUrl,
    dataDir: config.dataDir,
    inMemory: true,
    // The migrated database of test/global-setup.ts, when the run has one.
    loadDataDir: pgliteTemplatePath ? new Blob([await readFile(pgliteTemplatePath)]) : undefined,
  });
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * Creates a test file's database as a copy of the run's migrated template. Two files may copy it at the same
 * moment, and PostgreSQL refuses a copy while another session reads the template: those wait and try again.
 */
async function createDatabaseFrom(admin: postgres.Sql, name: string, template: string | null) {
  if (!template) {
    await admin.unsafe(`create database ${name}`);
    return;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      const isBusy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!isBusy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

export const PASSWORD = 'Correct-horse-7';
let hashed: Promise<string> | null = null;
let counter = 0;

/** A user row with sensible defaults and the password PASSWORD. */
export async function createUser(app: FastifyInstance, overrides: Partial<NewUserRow> = {}) {
  hashed ??= hashPassword(PASSWORD);
  counter += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Test',
      lastName: `User${counter}`,
      passwordHash: await hashed,
      ...overrides,
    })
    .returning();
  return user!;
}

export interface Session {
  cookie: string;
  csrfToken: string;
  headers: Record<string, string>;
}

export function sessionFrom(response: LightMyRequestResponse): Session {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`No session cookie in ${response.statusCode} ${response.body}`);
  const { csrfToken } = response.json() as { csrfToken: string };
  return {
    cookie: `sid=${cookie.value}`,
    csrfToken,
    headers: { cookie: `sid=${cookie.value}`, 'x-csrf-token': csrfToken },
  };
}

export async function logInAs(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  return sessionFrom(response);
}

export const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Mia',
  lastName: 'Moves',
  email: `mia-${randomBytes(4).toString('hex')}@example.com`,
  password: 'pirouette-42',
  reEnteredPassword: 'pirouette-42',
  role: 'dancer-parent',
  acceptTerms: true,
  ...overrides,
});
