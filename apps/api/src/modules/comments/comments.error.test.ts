import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { caller, type Member, member } from './test-helpers';

let t: TestApp;
let alice: Member;
let admin: Member;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app);
  admin = await member(t.app, { role: 'admin' });
  videoId = (await createVideo(t.app)).id;
});
afterAll(() => t.close());

const post = (who: Member, body: Record<string, unknown>) =>
  caller(t.app, who)('POST', '/comments', { subjectType: 'video', subjectId: videoId, ...body });

describe('comments: bad input', () => {
  it('refuses empty, blank and too long comments with a field message', async () => {
    for (const content of ['', '   \n ']) {
      const res = await post(alice, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.content).toBe(COMMENT_MESSAGES.empty);
    }
    const long = await post(alice, { content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect((await post(alice, { content: 'bad \u0000 char' })).statusCode).toBe(400);
  });

  it('answers 404 for a subject that does not exist or is of no registered type', async () => {
    expect(
      (await post(alice, { subjectId: '00000000-0000-4000-8000-000000000000', content: 'hi' })).statusCode,
    ).toBe(404);
    expect((await post(alice, { subjectId: 'not-a-video', content: 'hi' })).statusCode).toBe(404);
    // TRC content registers its own subject; until then it is unknown.
    expect((await post(alice, { subjectType: 'trc', content: 'hi' })).statusCode).toBe(404);
    expect((await post(alice, { subjectType: 'other', content: 'hi' })).statusCode).toBe(400);
    const list = await caller(t.app, alice)('GET', '/comments?subjectType=video&subjectId=nope');
    expect(list.statusCode).toBe(404);
  });

  it('refuses a bad cursor, an unknown reply target and images it did not store', async () => {
    const bad = await caller(t.app, alice)(
      'GET',
      `/comments?subjectType=video&subjectId=${videoId}&cursor=abc`,
    );
    expect(bad.statusCode).toBe(400);
    const reply = await post(alice, { content: 'hi', replyTo: '00000000-0000-4000-8000-000000000000' });
    expect(reply.statusCode).toBe(404);
    const images = await post(alice, { content: 'look', images: ['https://evil.example/x.png'] });
    expect(images.statusCode).toBe(400);
    const tooMany = await post(alice, { content: 'look', images: ['a', 'b', 'c', 'd', 'e'] });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses the same text twice in a row, and more than the per-minute limit', async () => {
    const writer = await member(t.app);
    expect((await post(writer, { content: 'Same again' })).statusCode).toBe(201);
    const twice = await post(writer, { content: 'Same again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COMMENT_MESSAGES.duplicate);

    await caller(t.app, admin)('PUT', '/admin/moderation/settings', { maxPerMinute: 3 });
    try {
      expect((await post(writer, { content: 'two' })).statusCode).toBe(201);
      expect((await post(writer, { content: 'three' })).statusCode).toBe(201);
      const four = await post(writer, { content: 'four' });
      expect(four.statusCode).toBe(429);
      expect(four.json().message).toBe(COMMENT_MESSAGES.tooFast);
    } finally {
      await caller(t.app, admin)('PUT', '/admin/moderation/settings', { maxPerMinute: 10 });
    }
  });

  it('refuses bad moderation input', async () => {
    const call = caller(t.app, admin);
    expect((await call('GET', '/admin/moderation/comments?status=maybe')).statusCode).toBe(400);
    expect((await call('GET', '/admin/moderation/comments?start=yesterday')).statusCode).toBe(400);
    expect((await call('PUT', '/admin/moderation/settings', { imageValidation: false })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/admin/moderation/settings', { maxPerMinute: 0 })).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('POST', `/admin/moderation/comments/${missing}/decision`, { approve: true })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/admin/moderation/images/${missing}/decision`, { approve: true })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/admin/moderation/mutes/${missing}`, { muted: true })).statusCode).toBe(404);
  });
});
