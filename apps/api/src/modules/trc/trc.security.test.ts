import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { subscribe } from '../playback/test-factories';
import { canReadTrcContent, trcContentForComments } from './access';
import { createApplication, createTrcPdf, createTrcVideo } from './test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (s: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: s?.headers ?? {} });

async function memberWith(status: 'pending' | 'approved' | 'rejected' | null, plan = true) {
  const user = await createUser(t.app, { userType: 'individual-user' });
  if (plan) await subscribe(t.app, user.id, 'active');
  if (status) await createApplication(t.app, user, status);
  return { user, session: await logInAs(t.app, user.email) };
}

describe('TRC security', () => {
  it('gives no PDF URL, playback URL, detail or list to members without access', async () => {
    const { content: pdf } = await createTrcPdf(t.app);
    const { content: video } = await createTrcVideo(t.app);
    for (const [status, plan] of [
      [null, true],
      ['pending', true],
      ['rejected', true],
      ['approved', false],
    ] as const) {
      const { session } = await memberWith(status, plan);
      for (const url of [
        `/trc/content/${pdf.id}/document`,
        `/trc/content/${video.id}/playback`,
        `/trc/content/${pdf.id}`,
        '/trc/content',
        '/trc/home',
      ]) {
        const res = await get(session, url);
        expect(res.statusCode, `${status}/${plan} ${url}`).toBe(403);
        expect(res.body).not.toContain('/trc/files/');
      }
    }
    expect((await get(null, `/trc/content/${pdf.id}/document`)).statusCode).toBe(401);
  });

  it('hides future releases from members with access (404, so ids cannot be probed) but not from admins', async () => {
    const { content } = await createTrcPdf(t.app, { releaseInDays: 2 });
    const { session } = await memberWith('approved');
    expect((await get(session, `/trc/content/${content.id}`)).statusCode).toBe(404);
    expect((await get(session, `/trc/content/${content.id}/document`)).statusCode).toBe(404);
    const admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
    expect((await get(admin, `/trc/content/${content.id}/document`)).statusCode).toBe(200);
  });

  it('never offers a download URL where the item does not allow it', async () => {
    const { content } = await createTrcPdf(t.app, { allowDownload: false });
    const { session } = await memberWith('approved');
    const doc = (await get(session, `/trc/content/${content.id}/document`)).json();
    expect(doc.downloadUrl).toBeNull();
    // The inline URL cannot be turned into a download: the disposition is signed.
    const forged = await t.app.inject({ method: 'GET', url: doc.url.replace('d=0', 'd=1') });
    expect(forged.statusCode).toBe(403);
  });

  it('keeps PDFs out of the public file store', async () => {
    const { document } = await createTrcPdf(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/files/${document.storageKey}` })).statusCode).toBe(
      404,
    );
  });

  it('answers the comments wiring: who may read an item, and its title and thumbnail', async () => {
    const { content } = await createTrcPdf(t.app, { title: 'Comment me' });
    const { content: future } = await createTrcPdf(t.app, { releaseInDays: 5 });
    const approved = await memberWith('approved');
    const pending = await memberWith('pending');
    const caller = (user: typeof approved.user) => ({ user, session: {} as never });
    expect(await canReadTrcContent(t.app.db, caller(approved.user), content.id)).toBe(true);
    expect(await canReadTrcContent(t.app.db, caller(approved.user), future.id)).toBe(false);
    expect(await canReadTrcContent(t.app.db, caller(pending.user), content.id)).toBe(false);
    expect(await canReadTrcContent(t.app.db, null, content.id)).toBe(false);
    expect(await trcContentForComments(t.app.db, content.id)).toMatchObject({ title: 'Comment me' });
  });
});

describe('TRC comments (the Chat of a content page)', () => {
  it('are read and written only by callers who may read the item', async () => {
    const { content } = await createTrcPdf(t.app);
    const url = `/comments?subjectType=trc&subjectId=${content.id}`;
    for (const [status, plan] of [
      [null, true],
      ['pending', true],
      ['approved', false],
    ] as const) {
      const { session } = await memberWith(status, plan);
      expect((await get(session, url)).statusCode, `${status}/${plan}`).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/v1/comments',
        headers: session.headers,
        payload: { subjectType: 'trc', subjectId: content.id, content: 'Let me in' },
      });
      expect(post.statusCode, `${status}/${plan} post`).toBe(404);
    }
    const { session } = await memberWith('approved');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      headers: session.headers,
      payload: { subjectType: 'trc', subjectId: content.id, content: 'Great warm-up' },
    });
    expect(post.statusCode, post.body).toBeLessThan(300);
    expect((await get(session, url)).json().comments[0].content).toBe('Great warm-up');
    expect((await get(session, '/comments?subjectType=trc&subjectId=not-a-uuid')).statusCode).toBe(404);
  });
});
