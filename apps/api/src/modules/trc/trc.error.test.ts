import { addDays, TRC_MESSAGES, todayInNewYork } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { createTrcPdf } from './test-factories';

let t: TestApp;
let admin: Session;
let member: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app, { userType: 'individual-user' })).email);
});
afterAll(() => t.close());

const send = (s: Session, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: s.headers,
    payload: payload as Record<string, unknown>,
  });

describe('TRC errors', () => {
  it('answers the access form’s messages', async () => {
    const res = await send(member, 'POST', '/trc/access', { link: 'not a link', roles: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      link: TRC_MESSAGES.invalidLink,
      roles: TRC_MESSAGES.roleRequired,
    });
    // Name and email come from the session: a body that sends them is refused, not trusted.
    const spoof = await send(member, 'POST', '/trc/access', {
      link: '@x',
      roles: ['instructor'],
      email: 'a@b.co',
    });
    expect(spoof.statusCode).toBe(400);
    // Resubmitting without a request is a conflict.
    expect((await send(member, 'PUT', '/trc/access', { link: '@x', roles: ['instructor'] })).statusCode).toBe(
      409,
    );
  });

  it('answers the content form’s messages', async () => {
    const { document } = await createTrcPdf(t.app);
    const base = { title: 'T', about: '<p>x</p>', categories: ['resources'], releaseDate: todayInNewYork() };
    const empty = await send(admin, 'POST', '/admin/trc/content', {
      ...base,
      about: '<p>&nbsp;</p>',
      fileType: 'pdf',
    });
    expect(empty.json().fields).toMatchObject({
      about: TRC_MESSAGES.aboutRequired,
      documentId: TRC_MESSAGES.pdfRequired,
    });
    const video = await send(admin, 'POST', '/admin/trc/content', {
      ...base,
      fileType: 'video',
      durationSeconds: -1,
    });
    expect(video.json().fields).toMatchObject({
      videoAssetId: TRC_MESSAGES.videoRequired,
      durationSeconds: TRC_MESSAGES.durationPositive,
    });
    const past = await send(admin, 'POST', '/admin/trc/content', {
      ...base,
      fileType: 'pdf',
      documentId: document.id,
      pages: 3,
      releaseDate: addDays(todayInNewYork(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ releaseDate: TRC_MESSAGES.releaseDateInPast });
    // Sanitising can leave nothing: a script-only about is empty.
    const scripted = await send(admin, 'POST', '/admin/trc/content', {
      ...base,
      about: '<script>alert(1)</script>',
      fileType: 'pdf',
      documentId: document.id,
      pages: 3,
    });
    expect(scripted.json().fields).toEqual({ about: TRC_MESSAGES.aboutRequired });
    const unknown = await send(admin, 'POST', '/admin/trc/content', {
      ...base,
      fileType: 'pdf',
      documentId: '00000000-0000-4000-8000-000000000000',
      pages: 3,
    });
    expect(unknown.json().fields).toEqual({ documentId: TRC_MESSAGES.pdfRequired });
  });

  it('refuses a file that is not a PDF, and a PDF URL it cannot fetch', async () => {
    const boundary = '----x';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/trc/documents',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n<html>not a pdf</html>\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TRC_MESSAGES.notAPdf);
    for (const url of [
      'http://localhost/x.pdf',
      'http://169.254.169.254/latest/meta-data',
      'ftp://example.com/x.pdf',
    ]) {
      const fetched = await send(admin, 'POST', '/admin/trc/documents/from-url', { url });
      expect(fetched.statusCode, url).toBe(400);
      expect(fetched.json().message).toBe(TRC_MESSAGES.pdfFetchFailed);
    }
  });

  it('answers 404 for unknown ids and 409 for a decided request', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await send(admin, 'POST', `/admin/trc/applications/${unknown}/decision`, { status: 'approved' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/trc/content/${unknown}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a first-page image link that is forged, expired, malformed or for no document', async () => {
    const { content: plan } = await createTrcPdf(t.app, { pages: 2 });
    const granted = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
    const doc = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/trc/content/${plan.id}/document`,
        headers: granted.headers,
      })
    ).json();
    const [path, query] = (doc.firstPageUrl as string).split('?');
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get(`${path}`)).statusCode).toBe(403);
    expect((await get(`${path}?e=abc&s=x`)).statusCode).toBe(403);
    expect((await get(`${path}?${query!.replace(/s=[^&]+/, 's=AAAA')}`)).statusCode).toBe(403);
    expect((await get(`${path}?${query!.replace(/e=\d+/, 'e=1')}`)).statusCode).toBe(403);
    expect((await get(`/api/v1/trc/files/not-an-id/first-page?${query}`)).statusCode).toBe(404);
    // Another document's id with this signature: refused (the id is signed).
    const other = path!.replace(/files\/[0-9a-f-]{36}/, 'files/00000000-0000-4000-8000-000000000000');
    expect((await get(`${other}?${query}`)).statusCode).toBe(403);
    expect((await get(doc.firstPageUrl)).statusCode).toBe(200);
  });
});
