#!/usr/bin/env node
// `pnpm dev`: the API (3000), the member app (5173) and the admin app (5174) through Turborepo, on the
// embedded defaults. Prints the URLs and the demo logins once all three answer.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const demo = JSON.parse(readFileSync(join(root, 'apps/api/src/demo/demo-accounts.json'), 'utf8'));
const started = Date.now();

const child = spawn(
  'pnpm',
  [
    'exec',
    'turbo',
    'run',
    'dev',
    '--filter=@dance/api',
    '--filter=@dance/member',
    '--filter=@dance/admin',
    '--ui=stream',
    '--log-prefix=task',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'), FORCE_COLOR: '1' },
    detached: process.platform !== 'win32',
  },
);

const urls = {
  api: 'http://localhost:3000/health',
  member: 'http://localhost:5173/',
  admin: 'http://localhost:5174/',
};

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function announceWhenReady() {
  while (child.exitCode === null) {
    const ready = await Promise.all(Object.values(urls).map(answers));
    if (ready.every(Boolean)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (child.exitCode !== null) return;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const width = Math.max(...demo.accounts.map((a) => a.email.length));
  const lines = [
    '',
    `  Dance Training is running (ready in ${seconds} s)`,
    '',
    '  Member app   http://localhost:5173',
    '  Admin app    http://localhost:5174',
    '  API          http://localhost:3000   (docs: http://localhost:3000/docs)',
    '  Dev outbox   http://localhost:3000/dev/mail',
    '',
    `  Demo logins (password for all: ${demo.password})`,
    ...demo.accounts.map((a) => `    ${a.email.padEnd(width)}  ${a.label}`),
    '',
  ];
  console.log(lines.join('\n'));
}

function stop(signal) {
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
announceWhenReady();
