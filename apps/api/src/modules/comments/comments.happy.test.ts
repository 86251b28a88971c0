import { COMMENT_PAGE_SIZE, type TCommentList } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/mail-helpers';
import { auditLog, comments, users } from '../../db/schema';
import { caller, type Member, member } from './test-helpers';

let t: TestApp;
let alice: Member;
let bob: Member;
let admin: Member;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, { firstName: 'Alice' });
  bob = await member(t.app, { firstName: 'Bob' });
  admin = await member(t.app, { role: 'admin' });
  videoId = (await createVideo(t.app, { title: 'Pirouettes' })).id;
});
afterAll(() => t.close());

const list = async (who: Member, extra = '', subject = videoId) => {
  const res = await caller(t.app, who)('GET', `/comments?subjectType=video&subjectId=${subject}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCommentList;
};
const post = (who: Member, content: string, extra: Record<string, unknown> = {}, subject = videoId) =>
  caller(t.app, who)('POST', '/comments', { subjectType: 'video', subjectId: subject, content, ...extra });
const setValidation = (commentValidation: boolean) =>
  caller(t.app, admin)('PUT', '/admin/moderation/settings', { commentValidation });

describe('comments', () => {
  it('posts, lists newest first with replies oldest first, and attaches a reply to a reply to the top level', async () => {
    const empty = await list(alice);
    expect(empty).toMatchObject({ comments: [], total: 0, nextCursor: null, commentValidation: false });

    const first = await post(alice, 'How do I spot the turn?\nI get dizzy.');
    expect(first.statusCode, first.body).toBe(201);
    const question = first.json().comment;
    expect(question).toMatchObject({
      content: 'How do I spot the turn?\nI get dizzy.',
      pending: false,
      replyTo: null,
      canModify: true,
      author: { id: alice.id, firstName: 'Alice' },
    });
    expect(first.json().requiresValidation).toBe(false);
    await post(alice, 'Second question');
    const answer = (await post(bob, 'Pick a point at eye level.', { replyTo: question.id })).json().comment;
    expect(answer.replyTo).toBe(question.id);
    // A reply to the reply is stored against the top-level comment.
    const again = (await post(alice, 'Thanks!', { replyTo: answer.id })).json().comment;
    expect(again.replyTo).toBe(question.id);

    const page = await list(bob);
    expect(page.total).toBe(4);
    expect(page.comments.map((c) => c.content)).toEqual([
      'Second question',
      'How do I spot the turn?\nI get dizzy.',
    ]);
    expect(page.comments[1]!.replies.map((r) => r.content)).toEqual([
      'Pick a point at eye level.',
      'Thanks!',
    ]);
    // Bob may change his own reply only.
    expect(page.comments[1]!.canModify).toBe(false);
    expect(page.comments[1]!.replies[0]!.canModify).toBe(true);
    // An admin may change anything.
    expect((await list(admin)).comments.every((c) => c.canModify)).toBe(true);
  });

  it('mails the author of the comment replied to, with the target link, unless they turned it off', async () => {
    const video = (await createVideo(t.app)).id;
    const carol = await member(t.app, { firstName: 'Carol' });
    const top = (await post(carol, 'Anyone else practising today?', {}, video)).json().comment;
    const reply = (await post(bob, 'Me!', { replyTo: top.id }, video)).json().comment;
    const mails = await mailsTo(t.app, carol.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Bob replied to your comment');
    expect(mails[0]!.textBody).toContain(`/PlayerPage?v=${video}&target=${reply.id}`);
    // Her own reply mails nobody; with notifications off, Bob's next reply mails nothing either.
    await post(carol, 'Great, see you there', { replyTo: top.id }, video);
    await t.app.db.update(users).set({ commentNotifications: false }).where(eq(users.id, carol.id));
    await post(bob, 'Done for today', { replyTo: top.id }, video);
    expect(await mailsTo(t.app, carol.email)).toHaveLength(1);
  });

  it('pages by cursor through equal timestamps without losing or repeating a comment', async () => {
    const video = (await createVideo(t.app)).id;
    const author = await member(t.app);
    const at = new Date('2026-01-01T10:00:00.123456Z');
    const rows = Array.from({ length: COMMENT_PAGE_SIZE + 5 }, (_, i) => ({
      subjectType: 'video',
      subjectId: video,
      authorId: author.id,
      content: `same moment ${i}`,
      createdAt: at,
    }));
    await t.app.db.insert(comments).values(rows);
    const first = await list(alice, '', video);
    expect(first.comments).toHaveLength(COMMENT_PAGE_SIZE);
    expect(first.total).toBe(COMMENT_PAGE_SIZE + 5);
    expect(first.nextCursor).toBeTruthy();
    const second = await list(alice, `&cursor=${first.nextCursor}`, video);
    expect(second.comments).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.comments, ...second.comments].map((c) => c.id);
    expect(new Set(seen).size).toBe(COMMENT_PAGE_SIZE + 5);
  });

  it('loads down to a target comment beyond the first page, and the page after it', async () => {
    const video = (await createVideo(t.app)).id;
    const author = await member(t.app);
    const base = Date.parse('2026-02-01T00:00:00Z');
    const inserted = await t.app.db
      .insert(comments)
      .values(
        Array.from({ length: COMMENT_PAGE_SIZE * 2 }, (_, i) => ({
          subjectType: 'video',
          subjectId: video,
          authorId: author.id,
          content: `comment ${i}`,
          createdAt: new Date(base + i * 1000),
        })),
      )
      .returning();
    // The oldest but two: past the first page.
    const target = inserted[2]!;
    const [reply] = await t.app.db
      .insert(comments)
      .values({
        subjectType: 'video',
        subjectId: video,
        authorId: author.id,
        content: 'a reply',
        replyTo: target.id,
      })
      .returning();
    const page = await list(alice, `&target=${reply!.id}`, video);
    expect(page.comments.at(-1)!.id).toBe(target.id);
    expect(page.comments).toHaveLength(COMMENT_PAGE_SIZE * 2 - 2);
    expect(page.comments.at(-1)!.replies[0]!.id).toBe(reply!.id);
    const rest = await list(alice, `&cursor=${page.nextCursor}`, video);
    expect(rest.comments.map((c) => c.content)).toEqual(['comment 1', 'comment 0']);
  });

  it('edits and deletes (author and admin), an admin’s change audited', async () => {
    const video = (await createVideo(t.app)).id;
    const mine = (await post(alice, 'Typo hree', {}, video)).json().comment;
    const edited = await caller(t.app, alice)('PATCH', `/comments/${mine.id}`, { content: 'Typo here' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ requiresValidation: false, comment: { content: 'Typo here' } });
    expect(edited.json().comment.editedAt).toBeTruthy();

    const byAdmin = await caller(t.app, admin)('PATCH', `/comments/${mine.id}`, {
      content: 'Typo here (edited)',
    });
    expect(byAdmin.statusCode).toBe(200);
    const reply = (await post(bob, 'reply', { replyTo: mine.id }, video)).json().comment;
    const removed = await caller(t.app, admin)('DELETE', `/comments/${mine.id}`);
    expect(removed.statusCode).toBe(200);
    // The comment and its replies are gone for everyone.
    expect((await list(alice, '', video)).comments).toEqual([]);
    const [deletedReply] = await t.app.db.select().from(comments).where(eq(comments.id, reply.id));
    expect(deletedReply!.deletedAt).not.toBeNull();
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, mine.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['delete', 'update']);

    const own = (await post(bob, 'Never mind', {}, video)).json().comment;
    expect((await caller(t.app, bob)('DELETE', `/comments/${own.id}`)).statusCode).toBe(200);
  });

  it('with moderation on: pending for its author only, approved by an admin (audited), then seen by all', async () => {
    const video = (await createVideo(t.app)).id;
    expect((await setValidation(true)).json().commentValidation).toBe(true);
    try {
      const res = await post(alice, 'Waiting for approval', {}, video);
      expect(res.json()).toMatchObject({ requiresValidation: true, comment: { pending: true } });
      const id = res.json().comment.id;
      expect((await list(alice, '', video)).comments.map((c) => [c.id, c.pending])).toEqual([[id, true]]);
      expect((await list(bob, '', video)).comments).toEqual([]);
      expect((await list(bob, '', video)).total).toBe(0);
      expect((await list(bob, '', video)).commentValidation).toBe(true);

      const queue = await caller(t.app, admin)('GET', '/admin/moderation/comments?status=pending');
      expect(queue.json().items.map((c: { id: string }) => c.id)).toContain(id);
      const pendingBefore = queue.json().total;
      const item = queue.json().items.find((c: { id: string }) => c.id === id);
      expect(item).toMatchObject({
        status: 'pending',
        subject: { type: 'video', id: video, memberPath: `/PlayerPage?v=${video}&target=${id}` },
        author: { id: alice.id, email: alice.email, muted: false },
      });
      const approved = await caller(t.app, admin)('POST', `/admin/moderation/comments/${id}/decision`, {
        approve: true,
      });
      expect(approved.json().status).toBe('approved');
      const after = await caller(t.app, admin)('GET', '/admin/moderation/comments?status=pending');
      expect(after.json().total).toBe(pendingBefore - 1);
      expect((await list(bob, '', video)).comments.map((c) => c.id)).toEqual([id]);

      // A member's edit goes back to pending while moderation is on.
      const edit = await caller(t.app, alice)('PATCH', `/comments/${id}`, { content: 'Changed' });
      expect(edit.json().requiresValidation).toBe(true);
      const declined = await caller(t.app, admin)('POST', `/admin/moderation/comments/${id}/decision`, {
        approve: false,
      });
      expect(declined.json().status).toBe('rejected');
      expect((await list(alice, '', video)).comments).toEqual([]);
      const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'decline']);
    } finally {
      await setValidation(false);
    }
  });

  it('holds comments with a blocked word for an admin whatever the switch', async () => {
    const video = (await createVideo(t.app)).id;
    await caller(t.app, admin)('PUT', '/admin/moderation/settings', { blockedWords: ['Rubbish'] });
    const held = await post(bob, 'This is rubbish!', {}, video);
    expect(held.json().requiresValidation).toBe(true);
    const fine = await post(bob, 'Not rubbishy at all', {}, video);
    expect(fine.json().requiresValidation).toBe(false);
    const settings = await caller(t.app, admin)('GET', '/admin/moderation/settings');
    expect(settings.json()).toMatchObject({ blockedWords: ['rubbish'], imageValidation: true });
    await caller(t.app, admin)('PUT', '/admin/moderation/settings', { blockedWords: [] });
  });

  it('lists the images queue and approves an image', async () => {
    const video = (await createVideo(t.app)).id;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const body = Buffer.concat([
      Buffer.from(
        '--X\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncomment-image\r\n--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n--X--\r\n'),
    ]);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...alice.session.headers, 'content-type': 'multipart/form-data; boundary=X' },
      payload: body,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const { url } = stored.json();
    const res = await post(alice, 'Look at my feet', { images: [url] }, video);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().comment.images).toEqual([expect.objectContaining({ url, pending: true })]);
    // Others do not see the pending image.
    expect((await list(bob, '', video)).comments[0]!.images).toEqual([]);
    const queue = await caller(t.app, admin)('GET', '/admin/moderation/images?status=pending');
    const image = queue.json().items.find((i: { url: string }) => i.url === url);
    expect(image).toMatchObject({ status: 'pending', author: { email: alice.email } });
    await caller(t.app, admin)('POST', `/admin/moderation/images/${image.id}/decision`, { approve: true });
    expect((await list(bob, '', video)).comments[0]!.images).toEqual([
      expect.objectContaining({ url, pending: false }),
    ]);
    // The same upload cannot be attached twice.
    const again = await post(alice, 'Again', { images: [url] }, video);
    expect(again.statusCode).toBe(400);
  });

  it('delivers new comments on the subject’s live channel', async () => {
    const video = (await createVideo(t.app)).id;
    const events: { type: string; data: unknown }[] = [];
    const stop = t.app.live.follow(`comments:video:${video}`, (event) => events.push(event));
    const created = (await post(alice, 'Live!', {}, video)).json().comment;
    await expect.poll(() => events.length).toBe(1);
    stop();
    expect(events[0]).toMatchObject({
      type: 'comment-created',
      data: { commentId: created.id, replyTo: null },
    });
    const live = await caller(t.app, bob)('GET', `/live?channel=comments:video:${video}&poll=1`);
    expect(live.statusCode).toBe(200);
  });
});
