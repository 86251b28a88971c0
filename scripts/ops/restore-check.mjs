#!/usr/bin/env node
// Proves a backup restores: dumps a database with scripts/ops/backup.sh, restores the dump into a new database
// with scripts/ops/restore.sh, and compares the exact row count of every table; prints how long each step took
// (the RTO's parts) and drops the copy. `pnpm test:scale` runs it on the proof's database; operators run it on
// a copy of production (docs/runbooks/backups.md):
//   node scripts/ops/restore-check.mjs postgres://user:pass@host:5432/dance
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireFromApi } from '../bench/lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

function run(script, args) {
  const started = performance.now();
  const result = spawnSync('bash', [join(HERE, script), ...args], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${script} failed: ${result.stderr.trim() || result.stdout.trim()}`);
  return performance.now() - started;
}

/** Exact row counts of every table of the product's schemas (public: the product, pgboss: the jobs). */
async function countRows(sql) {
  const tables = await sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE'
    order by 1, 2`;
  const counts = {};
  for (const t of tables) {
    const [{ n }] = await sql.unsafe(`select count(*)::int as n from "${t.schema}"."${t.name}"`);
    counts[`${t.schema}.${t.name}`] = n;
  }
  return counts;
}

/**
 * Dumps sourceUrl, restores into `<db>_restore_check` on the same server, compares counts, drops the copy.
 * Resolves with { ok, detail, dumpMs, restoreMs, bytes, tables, rows }.
 */
export async function restoreCheck(sourceUrl) {
  const postgres = requireFromApi('postgres');
  const source = new URL(sourceUrl);
  const target = new URL(sourceUrl);
  target.pathname = `${source.pathname.replace(/^\//, '')}_restore_check`;
  const maintenance = new URL(sourceUrl);
  maintenance.pathname = '/postgres';
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  const src = postgres(sourceUrl, { max: 1, onnotice: () => {} });
  const dir = mkdtempSync(join(os.tmpdir(), 'dance-restore-check-'));
  const targetName = target.pathname.slice(1);
  try {
    const [{ server }] = await src`select current_setting('server_version_num')::int / 10000 as server`;
    const clientVersion = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
    const client = Number(/(\d+)\.\d+/.exec(clientVersion.stdout ?? '')?.[1] ?? 0);
    if (client < server)
      return {
        ok: false,
        detail: `pg_dump ${client || 'missing'} cannot dump PostgreSQL ${server}: install postgresql-client-${server}`,
      };
    const before = await countRows(src);
    const dump = join(dir, 'dance.dump');
    const dumpMs = run('backup.sh', [sourceUrl, dump]);
    const bytes = statSync(dump).size;
    await admin.unsafe(`drop database if exists "${targetName}" with (force)`);
    await admin.unsafe(`create database "${targetName}"`);
    const restoreMs = run('restore.sh', [dump, target.toString()]);
    const dst = postgres(target.toString(), { max: 1, onnotice: () => {} });
    const after = await countRows(dst).finally(() => dst.end());
    const mismatches = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    const rows = Object.values(before).reduce((a, b) => a + b, 0);
    const tables = Object.keys(before).length;
    return {
      ok: mismatches.length === 0 && tables > 0,
      dumpMs,
      restoreMs,
      bytes,
      tables,
      rows,
      detail:
        mismatches.length === 0
          ? `${tables} tables, ${rows.toLocaleString('en-US')} rows equal after restore; dump ${(dumpMs / 1000).toFixed(1)} s (${(bytes / 1e6).toFixed(1)} MB), restore ${(restoreMs / 1000).toFixed(1)} s`
          : `counts differ: ${mismatches.map((t) => `${t} ${before[t]} -> ${after[t]}`).join(', ')}`,
    };
  } finally {
    await src.end();
    await admin.unsafe(`drop database if exists "${targetName}" with (force)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node scripts/ops/restore-check.mjs DATABASE_URL');
    process.exit(2);
  }
  const result = await restoreCheck(url);
  console.log(`${result.ok ? 'PASS' : 'FAIL'} backup restores: ${result.detail}`);
  process.exit(result.ok ? 0 : 1);
}
