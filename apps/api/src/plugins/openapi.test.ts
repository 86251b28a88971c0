import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_PREFIX, ENDPOINT_GROUPS, operationIdOf } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { securityOf } from './openapi';

const run = promisify(execFile);
const apiRoot = resolve(import.meta.dirname, '../..');
const redocly = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('names every contract’s operation and states its security from the contract', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
    };
    for (const endpoint of Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group))) {
      const path = `${API_PREFIX}${endpoint.path}`.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, path).toBe(operationIdOf(endpoint));
      expect(operation?.security, path).toEqual(securityOf(endpoint.auth));
    }
  });

  it('passes Redocly’s recommended rules with no error and no warning but the accepted ones', async () => {
    // The accepted warnings name the linted file relative to the config: both sit beside the document.
    for (const config of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
      await copyFile(join(apiRoot, config), join(dir, config));
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(t.app.swagger()));
    const { stdout } = await run(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      {
        cwd: dir,
        // Offline: no usage telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual(
      [],
    );
  });
});
