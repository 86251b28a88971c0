import { addDays, todayInNewYork } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, mailOutbox } from '../../db/schema';
import { createReadyAsset, subscribe } from '../playback/test-factories';
import { firstPageKey } from './first-page';
import { createTrcPdf, createTrcVideo, lessonPlanPdf } from './test-factories';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: s.headers,
    payload: payload as Record<string, unknown>,
  });

const mailsTo = async (email: string) =>
  (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => m.subject);

describe('TRC access', () => {
  it('applies, is pending, resubmits, is approved by an admin (audited, mailed) and then browses', async () => {
    const user = await createUser(t.app, { userType: 'individual-user', signupRole: 'dance-instructor' });
    await subscribe(t.app, user.id, 'active');
    const me = await logInAs(t.app, user.email);

    const before = (await call(me, 'GET', '/trc/access')).json();
    expect(before).toMatchObject({
      access: 'apply',
      status: null,
      application: null,
      prefill: { email: user.email, roles: ['instructor'] },
    });
    expect((await call(me, 'GET', '/trc/home')).statusCode).toBe(403);

    const requested = await call(me, 'POST', '/trc/access', { link: '@miss.tap', roles: ['instructor'] });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({
      access: 'pending',
      status: 'pending',
      application: { link: 'https://www.instagram.com/miss.tap/', roles: ['instructor'], email: user.email },
    });
    expect(await mailsTo(user.email)).toContain('We received your Teacher Resource Center request');

    const resubmitted = await call(me, 'PUT', '/trc/access', {
      link: 'misstap.example.com',
      roles: ['instructor', 'studio-owner'],
      gain: 'Ideas for my Saturday class',
    });
    expect(resubmitted.statusCode).toBe(200);
    const app = resubmitted.json().application;
    expect(app).toMatchObject({ link: 'https://misstap.example.com', gain: 'Ideas for my Saturday class' });

    const pending = (
      await call(admin, 'GET', '/admin/trc/applications?status=pending&role=studio-owner')
    ).json();
    expect(pending.items.map((a: { id: string }) => a.id)).toContain(app.id);
    const searched = (
      await call(admin, 'GET', `/admin/trc/applications?search=${encodeURIComponent('misstap')}`)
    ).json();
    expect(searched.items.map((a: { id: string }) => a.id)).toEqual([app.id]);

    const decided = await call(admin, 'POST', `/admin/trc/applications/${app.id}/decision`, {
      status: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved' });
    expect(await mailsTo(user.email)).toContain('Your Teacher Resource Center access is approved');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'trc-application'), eq(auditLog.entityId, app.id)));
    expect(audit.map((a) => a.action)).toEqual(['approve']);

    expect((await call(me, 'GET', '/trc/access')).json()).toMatchObject({
      access: 'granted',
      grant: 'application',
    });
    expect((await call(me, 'GET', '/trc/home')).statusCode).toBe(200);
    // Deciding again is a conflict: only pending requests are decided.
    expect(
      (await call(admin, 'POST', `/admin/trc/applications/${app.id}/decision`, { status: 'rejected' }))
        .statusCode,
    ).toBe(409);
  });

  it('gives studio owners and their sub-users access at once', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    await subscribe(t.app, owner.id, 'active', 'STUDIO-5');
    const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    for (const u of [owner, sub]) {
      const s = await logInAs(t.app, u.email);
      expect((await call(s, 'GET', '/trc/access')).json()).toMatchObject({
        access: 'granted',
        grant: 'studio-plan',
      });
      expect((await call(s, 'GET', '/trc/categories')).json().items.map((c: { id: string }) => c.id)).toEqual(
        ['lesson-plans', 'videos', 'resources'],
      );
    }
  });

  it('mails the decision when a request is rejected, and lets the member apply again', async () => {
    const user = await createUser(t.app, { userType: 'individual-user' });
    const me = await logInAs(t.app, user.email);
    const id = (
      await call(me, 'POST', '/trc/access', { link: 'https://studio.example.org', roles: ['instructor'] })
    ).json().application.id;
    expect(
      (await call(admin, 'POST', `/admin/trc/applications/${id}/decision`, { status: 'rejected' }))
        .statusCode,
    ).toBe(200);
    expect(await mailsTo(user.email)).toContain('About your Teacher Resource Center request');
    expect((await call(me, 'GET', '/trc/access')).json()).toMatchObject({
      access: 'apply',
      status: 'rejected',
    });
    expect(
      (await call(me, 'POST', '/trc/access', { link: 'studio.example.org', roles: ['instructor'] }))
        .statusCode,
    ).toBe(201);
  });
});

describe('TRC browsing', () => {
  let member: Session;
  beforeAll(async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    await subscribe(t.app, owner.id, 'active', 'STUDIO-10');
    member = await logInAs(t.app, owner.email);
  });

  it('lists released items per category with filters, search and sort; hides future releases', async () => {
    const tag = await createTag(t.app, 'Tap');
    const internal = await createTag(t.app, 'CLASSES');
    const { content: plan } = await createTrcPdf(t.app, {
      title: 'Zesty tap warm ups',
      tagIds: [tag.id, internal.id],
      pages: 4,
    });
    const { content: video } = await createTrcVideo(t.app, { title: 'Alpha turns', durationSeconds: 700 });
    const { content: future } = await createTrcPdf(t.app, { title: 'Future plan', releaseInDays: 3 });

    const all = (await call(member, 'GET', '/trc/content?pageSize=100')).json();
    const ids = all.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(plan.id);
    expect(ids).toContain(video.id);
    expect(ids).not.toContain(future.id);
    expect((await call(member, 'GET', `/trc/content/${future.id}`)).statusCode).toBe(404);

    const plans = (await call(member, 'GET', '/trc/content?category=lesson-plans&type=pdf')).json();
    expect(plans.items.every((i: { fileType: string }) => i.fileType === 'pdf')).toBe(true);
    const tagged = (await call(member, 'GET', `/trc/content?tags=${tag.id}`)).json();
    expect(tagged.items.map((i: { id: string }) => i.id)).toEqual([plan.id]);
    expect(tagged.items[0]).toMatchObject({ pages: 4, category: 'lesson-plans' });
    expect(tagged.items[0].tags.map((x: { name: string }) => x.name)).toContain('Tap');
    const long = (await call(member, 'GET', '/trc/content?durations=15')).json();
    expect(long.items.map((i: { id: string }) => i.id)).toEqual([video.id]);
    const byTitle = (await call(member, 'GET', '/trc/content?sort=title_asc&pageSize=100')).json();
    const titles = byTitle.items.map((i: { title: string }) => i.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    const found = (await call(member, 'GET', '/trc/content?search=zesty%20tap')).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([plan.id]);

    const home = (await call(member, 'GET', '/trc/home')).json();
    expect(home.rows.map((r: { category: { id: string } }) => r.category.id)).toEqual([
      'lesson-plans',
      'videos',
      'resources',
    ]);
    const filters = (await call(member, 'GET', '/trc/filters')).json();
    expect(filters.tags.map((x: { id: string }) => x.id)).toContain(tag.id);
    // The internal tag is on a released item but is not offered as a filter (issue 22 item 8).
    expect(filters.tags.map((x: { id: string }) => x.id)).not.toContain(internal.id);
  });

  it('serves a PDF through a signed, expiring, sandboxed URL and a video through signed playback', async () => {
    const { content: plan, document } = await createTrcPdf(t.app, { pages: 5, allowDownload: true });
    const detail = (await call(member, 'GET', `/trc/content/${plan.id}`)).json();
    expect(detail).toMatchObject({ pages: 5, allowDownload: true, reaction: null, likeCount: 0 });
    const doc = (await call(member, 'GET', `/trc/content/${plan.id}/document`)).json();
    expect(doc).toMatchObject({ pages: 5, sizeBytes: document.sizeBytes });
    expect(doc.downloadUrl).toContain('d=1');
    const file = await t.app.inject({ method: 'GET', url: doc.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dl = await t.app.inject({ method: 'GET', url: doc.downloadUrl });
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    // Byte ranges, so pdf.js reads the first page of a large PDF without waiting for the whole file.
    expect(file.headers['accept-ranges']).toBe('bytes');
    const size = file.rawPayload.length;
    const head = await t.app.inject({ method: 'GET', url: doc.url, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.rawPayload).toEqual(file.rawPayload.subarray(0, 100));
    const tail = await t.app.inject({ method: 'GET', url: doc.url, headers: { range: 'bytes=-50' } });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(tail.rawPayload).toEqual(file.rawPayload.subarray(size - 50));
    // A range in the middle, and one to the end, read only their bytes from the store.
    const middle = await t.app.inject({ method: 'GET', url: doc.url, headers: { range: 'bytes=100-199' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(middle.rawPayload).toEqual(file.rawPayload.subarray(100, 200));
    const rest = await t.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { range: `bytes=${size - 10}-` },
    });
    expect(rest.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(rest.headers['content-length']).toBe('10');
    expect(rest.rawPayload).toEqual(file.rawPayload.subarray(size - 10));
    const beyond = await t.app.inject({ method: 'GET', url: doc.url, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    // The first page as an image (drawn from the PDF at upload), behind its own signed link, as sandboxed.
    expect(doc.firstPageUrl).toMatch(/\/trc\/files\/[0-9a-f-]{36}\/first-page\?e=\d+&s=/);
    const image = await t.app.inject({ method: 'GET', url: doc.firstPageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // US Letter (612 x 792 points) at 1.5: 918 x 1188 pixels, read from the WebP's VP8 header.
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const decoded = await loadImage(image.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([918, 1188]);
    // Not blank: the page's heading is drawn (the factory's PDF has text on a white page).
    const canvas = createCanvas(decoded.width, decoded.height);
    const context = canvas.getContext('2d');
    context.drawImage(decoded, 0, 0);
    const pixels = context.getImageData(0, 0, decoded.width, decoded.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) dark++;
    expect(dark).toBeGreaterThan(100);
    // A document stored before the image existed gets it drawn on its first request, and kept.
    const imageKey = firstPageKey(document.storageKey);
    await t.app.files.deletePrivate(imageKey);
    const redrawn = await t.app.inject({ method: 'GET', url: doc.firstPageUrl });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(await t.app.files.readPrivate(imageKey)).not.toBeNull();

    const { content: video } = await createTrcVideo(t.app);
    const play = await call(member, 'GET', `/trc/content/${video.id}/playback`);
    expect(play.statusCode).toBe(200);
    expect(play.json().source.hlsUrl).toContain('/api/v1/media/');

    const liked = await call(member, 'PUT', `/trc/content/${video.id}/reaction`, { reaction: 'like' });
    expect(liked.json()).toMatchObject({ reaction: 'like', likeCount: 1 });
  });
});

describe('TRC admin content', () => {
  it('adds, edits and deletes content with the PDF page count read from the file, audited', async () => {
    const pdf = await lessonPlanPdf(6);
    const boundary = '----trc';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/trc/documents',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ pages: 6, name: 'plan.pdf' });
    const { documentId } = uploaded.json();

    const today = todayInNewYork();
    const created = await call(admin, 'POST', '/admin/trc/content', {
      title: 'Jazz walks',
      about: '<p>Walks <script>alert(1)</script>with style</p>',
      fileType: 'pdf',
      documentId,
      pages: 1,
      categories: ['lesson-plans', 'resources'],
      releaseDate: addDays(today, 2),
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ pages: 6, isReleased: false, categories: ['lesson-plans', 'resources'] });
    expect(item.about).not.toContain('script');

    const asset = await createReadyAsset(t.app, 'Jazz walks video');
    const edited = await call(admin, 'PUT', `/admin/trc/content/${item.id}`, {
      title: 'Jazz walks (video)',
      about: '<p>Now a video</p>',
      fileType: 'video',
      videoAssetId: asset.id,
      durationSeconds: 95.8,
      documentId,
      pages: 6,
      categories: ['videos'],
      releaseDate: today,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      durationSeconds: 95,
      documentId: null,
      pages: null,
      isReleased: true,
    });

    const list = (await call(admin, 'GET', '/admin/trc/content?type=video')).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(item.id);
    const options = (await call(admin, 'GET', '/admin/trc/content-options')).json();
    expect(options.items.map((i: { id: string }) => i.id)).toContain(item.id);

    expect((await call(admin, 'DELETE', `/admin/trc/content/${item.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/admin/trc/content/${item.id}`)).statusCode).toBe(404);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'trc-content'), eq(auditLog.entityId, item.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});
