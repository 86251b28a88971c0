import './wasm-flags';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';

/**
 * The data migration of 0010 (issue 13 finding 5): trial rows keyed by email become rows keyed by account,
 * billing customer and every email the account had; the rows one account collected by changing its email
 * merge into one. Runs the real migration files on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
const folder = join(import.meta.dirname, '../../drizzle');

async function statementsOf(file: string): Promise<string[]> {
  const text = await readFile(join(folder, file), 'utf8');
  return text.split('--> statement-breakpoint').filter((s) => s.trim() !== '');
}

async function openScratch(): Promise<{
  run: (sql: string) => Promise<unknown[]>;
  close: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = new PGlite({ extensions: { pg_trgm } });
    return {
      run: async (sql) => (await db.exec(sql)).at(-1)?.rows ?? [],
      close: () => db.close(),
    };
  }
  const name = `t_mig_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  return {
    run: async (text) => [...(await sql.unsafe(text))],
    close: async () => {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration email_change_and_trial_keys: trials keyed by account', () => {
  it('carries the legacy rows over: merged per account, with customer ids and every email', async () => {
    const db = await openScratch();
    try {
      const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
      const target = files.findIndex((f) => f.endsWith('_email_change_and_trial_keys.sql'));
      for (const file of files.slice(0, target)) for (const s of await statementsOf(file)) await db.run(s);
      await db.run(`
        insert into users (id, email, first_name, last_name) values
          ('11111111-1111-4111-8111-111111111111', 'b@x.test', 'Abuser', 'A'),
          ('22222222-2222-4222-8222-222222222222', 'c@x.test', 'Plain', 'P');
        insert into billing_customers (user_id, provider, customer_id)
          values ('11111111-1111-4111-8111-111111111111', 'sandbox', 'cust-1');
        insert into trial_usages (email, family, user_id, provider_subscription_id, created_at) values
          ('a@x.test', 'standard', '11111111-1111-4111-8111-111111111111', 'sub_1', now() - interval '10 days'),
          ('b@x.test', 'standard', '11111111-1111-4111-8111-111111111111', 'sub_2', now()),
          ('c@x.test', 'plus', null, 'sub_3', now()),
          ('gone@x.test', 'plus', '33333333-3333-4333-8333-333333333333', 'sub_4', now());`);
      for (const s of await statementsOf(files[target]!)) await db.run(s);
      const rows = await db.run(
        `select email, array_to_string(emails, ',') as emails, family, user_id::text as user_id, customer_id,
                provider_subscription_id as sub
           from trial_usages order by provider_subscription_id`,
      );
      expect(rows).toEqual([
        {
          email: 'a@x.test',
          emails: 'a@x.test,b@x.test',
          family: 'standard',
          user_id: '11111111-1111-4111-8111-111111111111',
          customer_id: 'cust-1',
          sub: 'sub_1',
        },
        {
          email: 'c@x.test',
          emails: 'c@x.test',
          family: 'plus',
          user_id: '22222222-2222-4222-8222-222222222222',
          customer_id: null,
          sub: 'sub_3',
        },
        {
          email: 'gone@x.test',
          emails: 'gone@x.test',
          family: 'plus',
          user_id: '33333333-3333-4333-8333-333333333333',
          customer_id: null,
          sub: 'sub_4',
        },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
