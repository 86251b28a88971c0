import { COMMENT_MESSAGES } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { caller, type Member, member } from './test-helpers';

let t: TestApp;
let author: Member;
let other: Member;
let admin: Member;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await member(t.app);
  other = await member(t.app);
  admin = await member(t.app, { role: 'admin' });
  videoId = (await createVideo(t.app)).id;
});
afterAll(() => t.close());

const post = (who: Member, content: string, extra: Record<string, unknown> = {}) =>
  caller(t.app, who)('POST', '/comments', { subjectType: 'video', subjectId: videoId, content, ...extra });

describe('comments: who may do what', () => {
  it('shows nothing to a visitor without a session (401)', async () => {
    const guest = caller(t.app, null);
    expect((await guest('GET', `/comments?subjectType=video&subjectId=${videoId}`)).statusCode).toBe(401);
    expect(
      (await guest('POST', '/comments', { subjectType: 'video', subjectId: videoId, content: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await guest('GET', `/live?channel=comments:video:${videoId}&poll=1`)).statusCode).toBe(401);
  });

  it('answers 404 when another member edits or deletes someone’s comment, and changes nothing', async () => {
    const id = (await post(author, 'Mine')).json().comment.id;
    const edit = await caller(t.app, other)('PATCH', `/comments/${id}`, { content: 'Hacked' });
    expect(edit.statusCode).toBe(404);
    expect((await caller(t.app, other)('DELETE', `/comments/${id}`)).statusCode).toBe(404);
    const list = await caller(t.app, other)('GET', `/comments?subjectType=video&subjectId=${videoId}`);
    expect(list.json().comments.find((c: { id: string }) => c.id === id).content).toBe('Mine');
  });

  it('keeps a pending comment from other members: not listed, not repliable', async () => {
    await caller(t.app, admin)('PUT', '/admin/moderation/settings', { commentValidation: true });
    const id = (await post(author, 'Pending one')).json().comment.id;
    await caller(t.app, admin)('PUT', '/admin/moderation/settings', { commentValidation: false });
    const list = await caller(t.app, other)('GET', `/comments?subjectType=video&subjectId=${videoId}`);
    expect(list.json().comments.map((c: { id: string }) => c.id)).not.toContain(id);
    expect((await post(other, 'reply', { replyTo: id })).statusCode).toBe(404);
    // Its author and admins see it, marked pending.
    const mine = await caller(t.app, author)(
      'GET',
      `/comments?subjectType=video&subjectId=${videoId}&target=${id}`,
    );
    expect(mine.json().comments.find((c: { id: string }) => c.id === id).pending).toBe(true);
    const staff = await caller(t.app, admin)('GET', `/comments?subjectType=video&subjectId=${videoId}`);
    expect(staff.json().comments.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('hides the comments of an unreleased video from members, not from admins', async () => {
    const later = (await createVideo(t.app, { releasedDaysAgo: -5 })).id;
    const url = `/comments?subjectType=video&subjectId=${later}`;
    expect((await caller(t.app, other)('GET', url)).statusCode).toBe(404);
    expect((await caller(t.app, admin)('GET', url)).statusCode).toBe(200);
    expect(
      (await caller(t.app, other)('GET', `/live?channel=comments:video:${later}&poll=1`)).statusCode,
    ).toBe(404);
  });

  it('lets a muted member read but not post or edit', async () => {
    const muted = await member(t.app);
    const id = (await post(muted, 'Before the mute')).json().comment.id;
    const mute = await caller(t.app, admin)('PUT', `/admin/moderation/mutes/${muted.id}`, { muted: true });
    expect(mute.json()).toEqual({ userId: muted.id, muted: true });
    const refused = await post(muted, 'After the mute');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.muted);
    expect((await caller(t.app, muted)('PATCH', `/comments/${id}`, { content: 'x' })).statusCode).toBe(403);
    expect(
      (await caller(t.app, muted)('GET', `/comments?subjectType=video&subjectId=${videoId}`)).statusCode,
    ).toBe(200);
    await caller(t.app, admin)('PUT', `/admin/moderation/mutes/${muted.id}`, { muted: false });
    expect((await post(muted, 'After the unmute')).statusCode).toBe(201);
  });

  it('keeps the moderation routes for admins (403 for members)', async () => {
    const call = caller(t.app, other);
    expect((await call('GET', '/admin/moderation/comments')).statusCode).toBe(403);
    expect((await call('GET', '/admin/moderation/images')).statusCode).toBe(403);
    expect((await call('GET', '/admin/moderation/settings')).statusCode).toBe(403);
    expect((await call('PUT', '/admin/moderation/settings', { commentValidation: false })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/admin/moderation/mutes/${other.id}`, { muted: false })).statusCode).toBe(403);
  });

  it('stores the text as plain text: markup is never turned into HTML', async () => {
    const res = await post(author, '<img src=x onerror=alert(1)> <b>hi</b>');
    expect(res.json().comment.content).toBe('<img src=x onerror=alert(1)> <b>hi</b>');
  });
});
