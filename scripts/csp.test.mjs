// The production CSP (infra/Caddyfile) allows scripts from the site's origin only, and each inline script of the
// member app's index.html by its SHA-256: a changed inline script must change its hash there, or browsers block it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('..', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

test('every inline script of the apps is allowed by its hash in the CSP, and nothing else inline is', () => {
  const caddyfile = read('infra/Caddyfile');
  const policies = [...caddyfile.matchAll(/Content-Security-Policy "([^"]+)"/g)].map((m) => m[1]);
  assert.ok(policies.length > 0, 'the Caddyfile sets a Content-Security-Policy');
  for (const app of ['member', 'admin']) {
    const html = read(`apps/${app}/index.html`);
    for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      for (const policy of policies) assert.ok(policy.includes(hash), `${app}'s inline script needs ${hash}`);
    }
  }
  for (const policy of policies) {
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);
  }
});
