import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, PASSWORD, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(purpose: string, file: Buffer) {
  const boundary = '----dance';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('account', () => {
  it('reads and updates personal details, email and notification preference', async () => {
    const user = await createUser(t.app, { firstName: 'Ann', lastName: 'Old' });
    const session = await logInAs(t.app, user.email);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: { cookie: session.cookie },
    });
    expect(details.json()).toMatchObject({
      firstName: 'Ann',
      lastName: 'Old',
      commentNotifications: true,
      imageUrl: null,
      pendingEmail: null,
    });

    const name = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: session.headers,
      payload: { firstName: ' Anna ', lastName: 'New' },
    });
    expect(name.statusCode).toBe(200);
    expect(name.json().account).toMatchObject({ firstName: 'Anna', lastName: 'New' });

    const email = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: session.headers,
      payload: { email: 'Anna.New@Example.com', currentPassword: PASSWORD },
    });
    // Nothing changes until the link mailed to the new address is followed (email-change.*.test.ts).
    expect(email.statusCode).toBe(202);
    expect(email.json().account).toMatchObject({ email: user.email, pendingEmail: 'anna.new@example.com' });

    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notification-preferences',
      headers: session.headers,
      payload: { commentNotifications: false },
    });
    expect(prefs.json().account.commentNotifications).toBe(false);
  });

  it('replaces the profile image with an uploaded one', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const { body, contentType } = multipart('profile-image', PNG);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...session.headers, 'content-type': contentType },
      payload: body,
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/image',
      headers: session.headers,
      payload: { imageUrl: url },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Image replaced successfully!', account: { imageUrl: url } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(me.json().user.imageUrl).toBe(url);
  });
});
