import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config/env';
import { openDatabase } from '../db/client';

/** Reads an SSE stream until `until` matches what arrived (or the timeout passes). */
async function readStream(response: Response, until: (text: string) => boolean, timeoutMs = 5000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(text)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Lets the test follow `test:<its own user id>` only. */
function registerTestChannel(app: FastifyInstance) {
  app.live.authorise('test', (caller, channel) => channel === `test:${caller.user.id}`);
}

let t: TestApp;
let base: string;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  registerTestChannel(t.app);
  const user = await createUser(t.app);
  userId = user.id;
  cookie = (await logInAs(t.app, user.email)).cookie;
  base = await listen(t.app);
});
afterAll(() => t?.close());

describe('live channels', () => {
  it('refuses a guest, a bad channel name, a channel nobody owns and someone else’s channel', async () => {
    const guest = await t.app.inject({ url: `/api/v1/live?channel=test:${userId}` });
    expect(guest.statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/live?channel=Bad%20Name', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    const unowned = await t.app.inject({ url: '/api/v1/live?channel=nobody:1', headers: { cookie } });
    expect(unowned.statusCode).toBe(404);
    const other = await t.app.inject({ url: '/api/v1/live?channel=test:someone-else', headers: { cookie } });
    expect(other.statusCode).toBe(404);
  });

  it('streams a published event to a follower, with the stream headers', async () => {
    const response = await fetch(`${base}/api/v1/live?channel=test:${userId}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reading = readStream(response, (text) => text.includes('event: hello'));
    // The stream is open once the server counts it.
    await expect.poll(() => t.app.live.openStreams).toBeGreaterThan(0);
    await t.app.live.publish(`test:other`, { type: 'hello', data: { not: 'mine' } });
    await t.app.live.publish(`test:${userId}`, { type: 'hello', data: { n: 1 } });
    const text = await reading;
    expect(text).toContain('retry: 3000');
    expect(text).toMatch(/id: \S+\nevent: hello\ndata: \{"n":1\}\n\n/);
    expect(text).not.toContain('mine');
  });

  it('sends heartbeats on an idle stream', async () => {
    const response = await fetch(`${base}/api/v1/live?channel=test:${userId}`, { headers: { cookie } });
    const text = await readStream(response, (received) => received.includes(': ping'), 3000);
    expect(text).toContain(': ping');
  });

  it('resumes after Last-Event-ID, and answers reset for an id it no longer holds', async () => {
    const channel = `test:${userId}`;
    const seen: string[] = [];
    const stop = t.app.live.follow(channel, (event) => seen.push(event.id));
    for (const n of [1, 2, 3]) await t.app.live.publish(channel, { type: 'step', data: { n } });
    await expect.poll(() => seen.length).toBe(3);
    stop();
    const resumed = await t.app.inject({
      url: `/api/v1/live?channel=${channel}&poll=1`,
      headers: { cookie, 'last-event-id': seen[0]! },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body).not.toContain(seen[0]);
    expect(resumed.body).toContain(`id: ${seen[1]}\nevent: step\ndata: {"n":2}`);
    expect(resumed.body).toContain(`id: ${seen[2]}\nevent: step\ndata: {"n":3}`);

    const gone = await t.app.inject({
      url: `/api/v1/live?channel=${channel}&poll=1`,
      headers: { cookie, 'last-event-id': 'long-gone' },
    });
    expect(gone.body).toContain('event: reset');

    // Over a real stream too: the missed events first, then it stays open.
    const response = await fetch(`${base}/api/v1/live?channel=${channel}`, {
      headers: { cookie, 'last-event-id': seen[1]! },
    });
    const text = await readStream(response, (received) => received.includes('"n":3'));
    expect(text).toContain('data: {"n":3}');
    expect(text).not.toContain('data: {"n":2}');
  });

  it('refuses an event too large for NOTIFY', async () => {
    await expect(
      t.app.live.publish(`test:${userId}`, { type: 'big', data: 'x'.repeat(9000) }),
    ).rejects.toThrow(/too large/);
  });
});

// Two API processes on one PostgreSQL: an event published on one reaches a follower of the other.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live channels across API instances', () => {
  it('fans out through LISTEN/NOTIFY', async () => {
    const databaseUrl = t.app.config.databaseUrl!;
    const config = testConfig({ databaseUrl });
    const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, inMemory: true });
    const second = await buildApp({ config, database });
    try {
      registerTestChannel(second);
      await second.ready();
      const secondBase = await listen(second);
      const response = await fetch(`${secondBase}/api/v1/live?channel=test:${userId}`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      const reading = readStream(response, (text) => text.includes('from-first'));
      await expect.poll(() => second.live.openStreams).toBeGreaterThan(0);
      await t.app.live.publish(`test:${userId}`, { type: 'note', data: 'from-first' });
      expect(await reading).toMatch(/event: note\ndata: "from-first"/);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
