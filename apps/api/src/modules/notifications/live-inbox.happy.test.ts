import type { AddressInfo } from 'node:net';
import { inboxChannel } from '@dance/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { notify } from './service';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => t.close());

async function readUntil(response: Response, pattern: RegExp, timeoutMs = 15_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!pattern.test(text) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}

it('tells the member’s open app when a notification reaches their inbox, and no one else may follow it', async () => {
  const member = await createUser(t.app);
  const other = await createUser(t.app);
  const { cookie } = await logInAs(t.app, member.email);
  const { cookie: otherCookie } = await logInAs(t.app, other.email);
  const channel = encodeURIComponent(inboxChannel(member.id));
  const refused = await fetch(`${base}/live?channel=${channel}`, { headers: { cookie: otherCookie } });
  expect(refused.status).toBe(404);
  await refused.body?.cancel();

  const stream = await fetch(`${base}/live?channel=${channel}`, { headers: { cookie } });
  expect(stream.status).toBe(200);
  const sent = await notify(t.app, {
    audience: { userIds: [member.id] },
    kind: 'reply',
    title: 'Ana replied',
    body: 'Nice!',
  });
  const text = await readUntil(stream, /event: inbox\n/);
  expect(text).toContain('event: inbox');
  expect(text).toContain(sent.id);
});
