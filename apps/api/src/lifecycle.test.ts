import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { drainAndClose } from './lifecycle';

async function served() {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

/** Issue 19: a rolling restart's stop (SIGTERM runs drainAndClose) loses no request. */
describe('graceful shutdown', () => {
  it('leaves the rotation at once and keeps serving through the grace period', async () => {
    const { t, base } = await served();
    try {
      expect((await fetch(`${base}/ready`)).status).toBe(200);
      const graceMs = 2000;
      const startedAt = Date.now();
      const closing = drainAndClose(t.app, graceMs);
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).code).toBe('NOT_READY');
      expect((await fetch(`${base}/health`)).status).toBe(200);
      const api = await fetch(`${base}/api/v1/categories`);
      expect(api.status).toBe(200);
      // Each answer while draining closes its connection: the client reconnects to a process that stays.
      expect(api.headers.get('connection')).toBe('close');
      await closing;
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(graceMs);
      await expect(fetch(`${base}/health`)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });

  it('finishes a request in flight when the listener closes, then refuses new connections', async () => {
    const { t, base } = await served();
    try {
      // The forgot-password answer takes at least 350 ms: the close starts while it is in flight.
      const inFlight = fetch(`${base}/api/v1/auth/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await drainAndClose(t.app, 0);
      const answered = await inFlight;
      expect(answered.status).toBeLessThan(300);
      await expect(fetch(`${base}/health`)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
