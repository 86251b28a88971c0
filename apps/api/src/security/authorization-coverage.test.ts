import { createHmac, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { API_PREFIX } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createInstructor, createTag } from '../../test/catalogue-factories';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../../test/helpers';
import { type RegisteredRoute, routeRecorder } from '../../test/routes';
import { testConfig } from '../config/env';
import { billingCustomers, commentImages, comments, notificationInbox, notifications } from '../db/schema';
import { createSession } from '../modules/auth/sessions';
import { createPlayableVideo, createReadyAsset, subscribe } from '../modules/playback/test-factories';
import { signedDocumentUrl, signedFirstPageUrl } from '../modules/trc/documents';
import { createApplication, createTrcPdf, createTrcVideo } from '../modules/trc/test-factories';

/**
 * Authorization coverage (issue 13): every route the app registers (read from its onRoute hook, not a list
 * kept here) must have a row in CASES saying what each persona gets, given owned fixtures: a personal playlist
 * of "member", a studio playlist of "owner", owner's sub-user, another studio's sub-user, admin content. A
 * route without a row fails the run; cross-owner access answers 404. Routes outside the session model
 * (probes, docs, webhooks, signed links, sandbox pages, static files, the dev outbox) carry the reason and a
 * case proving their own guard.
 */

const PERSONAS = [
  'guest',
  'noPlan', // signed up, no plan
  'member', // individual-user, Standard plan
  'otherMember', // another individual-user, Standard plan
  'vip', // Plus plan
  'owner', // studio owner, STUDIO-5
  'subuser', // sub-user of owner's studio
  'otherOwner', // owner of another studio
  'foreignSubuser', // sub-user of the other studio
  'admin',
] as const;
type Persona = (typeof PERSONAS)[number];

/** A status, or the class '2xx'. */
type Outcome = '2xx' | 302 | 400 | 401 | 403 | 404 | 409 | 415;
type Table = Record<Persona, Outcome>;
interface Req {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  expect: Table;
  /** The request each persona sends (fresh fixtures for destructive routes); default: the route's URL. */
  request?: (p: Persona) => Req | Promise<Req>;
  /** Runs after every other case, in this order (the request changes the persona's own credentials). */
  last?: number;
  /** Why the route is outside the session and role model; then `guard` proves its own check. */
  outside?: string;
  guard?: () => Promise<void>;
}

// Table shorthands.
const all = (o: Outcome, rest: Partial<Table> = {}): Table =>
  ({ ...Object.fromEntries(PERSONAS.map((p) => [p, o])), ...rest }) as Table;
const signedIn = (o: Outcome, rest: Partial<Table> = {}) => all(o, { guest: 401, ...rest });
const adminOnly = all(403, { guest: 401, admin: '2xx' });
/** Admin routes backed by a provider the tests do not configure: the admin reaches the handler's own answer. */
const adminReaches = (o: Outcome) => all(403, { guest: 401, admin: o });
/** Studio management: the owner only; other signed-in users are refused. */
const ownerOnly = signedIn(403, { owner: '2xx', otherOwner: '2xx' });

interface World {
  users: Record<Exclude<Persona, 'guest'>, { id: string; email: string }>;
  headers: Record<Persona, Record<string, string>>;
  videoId: string;
  classVideoId: string;
  tagId: string;
  categoryId: string;
  instructorId: string;
  memberPlaylistId: string;
  studioPlaylistId: string;
  featuredPlaylistId: string;
  bannerId: string;
  popupId: string;
  trcPdfId: string;
  trcDocumentId: string;
  trcVideoId: string;
}
let t: TestApp;
let w: World;
const recorder = routeRecorder();

const api = (path: string) => `${API_PREFIX}${path}`;
const email = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
const cookieHeaders = async (userId: string) => {
  const s = await createSession(t.app.db, userId, 'cookie', {});
  return { cookie: `sid=${s.token}`, 'x-csrf-token': s.csrfToken };
};

async function asAdmin(method: 'POST' | 'PUT', path: string, payload: unknown) {
  const res = await t.app.inject({
    method,
    url: api(path),
    headers: w.headers.admin,
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}
async function asUser(p: Persona, path: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: api(path),
    headers: w.headers[p],
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`POST ${path} as ${p}: ${res.statusCode} ${res.body}`);
  return res.json();
}

// Fresh fixtures, for routes that destroy what they act on.
const freshPersonalPlaylist = async () =>
  (await asUser('member', '/playlists', { type: 'PPL', name: 'Mine', videoIds: [w.videoId] })).id as string;
const freshStudioPlaylist = async () =>
  (await asUser('owner', '/playlists', { type: 'SPL', name: 'Studio', videoIds: [w.videoId] })).id as string;
const freshFeatured = async () =>
  (await asAdmin('POST', '/admin/featured-playlists', { name: 'F', description: 'D', videoIds: [w.videoId] }))
    .id as string;
const freshSubUser = async () =>
  (await createUser(t.app, { userType: 'subuser', studioOwnerId: w.users.owner.id })).id;
/** An assignment of a fresh studio playlist of "owner" to a fresh sub-user. */
const freshAssignment = async () =>
  (
    await asUser('owner', '/studio/assignments', {
      playlistId: await freshStudioPlaylist(),
      subUserIds: [await freshSubUser()],
    })
  ).id as string;
/** A comment of "member" on the world's video, and an image attached to one. */
const freshComment = async () =>
  (
    await t.app.db
      .insert(comments)
      .values({ subjectType: 'video', subjectId: w.videoId, authorId: w.users.member.id, content: 'Mine' })
      .returning()
  )[0]!.id;
const freshCommentImage = async () => {
  const key = `comment-image/2026-01/${randomUUID()}.png`;
  return (
    await t.app.db
      .insert(commentImages)
      .values({ commentId: await freshComment(), key, url: `/files/${key}`, requiresValidation: true })
      .returning()
  )[0]!.id;
};
const freshCategory = async () => (await createCategory(t.app)).id;
/** The last 24 hours, as the release audit asks for them. */
const auditRange = () =>
  new URLSearchParams({
    from: new Date(Date.now() - 86_400_000).toISOString(),
    to: new Date().toISOString(),
  }).toString();
const freshTag = async () => (await createTag(t.app)).id;
const freshInstructor = async () => (await createInstructor(t.app)).id;
const freshVideo = async () => (await createPlayableVideo(t.app, { title: 'Doomed' })).video.id;
const freshBanner = async () =>
  (await asAdmin('POST', '/admin/banners', { title: 'B', imageUrl: '/files/b.png', showImmediately: true }))
    .id;
const popupInput = () => ({
  headerText: 'Hello',
  startDateLocal: '2020-01-01',
  endDateLocal: '2099-12-31',
  timezone: 'Europe/Berlin',
  deviceVisibility: ['desktop'],
});
const freshPopup = async () => (await asAdmin('POST', '/admin/popups', popupInput())).id;
/** TRC: studio plans (owners and sub-users) and admins have access at once; members have not applied. */
const trcGranted = signedIn(403, {
  owner: '2xx',
  subuser: '2xx',
  otherOwner: '2xx',
  foreignSubuser: '2xx',
  admin: '2xx',
});
/** Requesting access: everyone without it may; those with access (studio plans, admins) get 409. */
const trcApply = signedIn('2xx', {
  owner: 409,
  subuser: 409,
  otherOwner: 409,
  foreignSubuser: 409,
  admin: 409,
});
const freshTrcPdf = async () => (await createTrcPdf(t.app)).content.id;
const trcInput = () => ({
  title: 'Plan',
  about: '<p>About</p>',
  fileType: 'pdf',
  documentId: w.trcDocumentId,
  pages: 3,
  categories: ['lesson-plans'],
  releaseDate: '2030-01-01',
});

const NOWHERE = randomUUID();
const notificationInput = { title: 'Hello', body: 'New classes' };
const scheduleInput = { days: [1], time: '09:00', title: 'Weekly', body: 'Hi' };
const freshSchedule = async () =>
  (await asAdmin('POST', '/admin/notification-schedules', scheduleInput)).id as string;
/** An inbox item of "member". */
async function freshInboxItem() {
  const [n] = await t.app.db
    .insert(notifications)
    .values({ kind: 'release', title: 'T', body: 'B', audience: { type: 'users' }, source: 'system' })
    .returning();
  const [item] = await t.app.db
    .insert(notificationInbox)
    .values({ userId: w.users.member.id, notificationId: n!.id })
    .returning();
  return item!.id;
}

const CASES: Record<string, Case> = {
  // ---- outside the session model: their own guard is proved below ----
  'GET /health': { outside: 'liveness probe, answers while the process lives', expect: all('2xx') },
  'GET /ready': { outside: 'readiness probe, no data', expect: all('2xx') },
  'GET /openapi.json': { outside: 'public API description, no data', expect: all('2xx') },
  'GET /docs': { outside: 'API documentation page (swagger-ui), no data', expect: all('2xx') },
  'GET /docs/json': { outside: 'API documentation', expect: all('2xx') },
  'GET /docs/yaml': { outside: 'API documentation', expect: all('2xx') },
  'GET /docs/static/*': {
    outside: 'swagger-ui assets; paths outside its folder are refused',
    expect: all('2xx'),
    request: () => ({ url: '/docs/static/swagger-ui.css' }),
    guard: async () => {
      const res = await t.app.inject({ url: '/docs/static/..%2f..%2fpackage.json' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  },
  'GET /docs/static/index.html': { outside: 'API documentation (redirects to /docs)', expect: all(302) },
  'GET /docs/static/swagger-initializer.js': { outside: 'API documentation', expect: all('2xx') },
  'GET /files/*': {
    outside: 'public files of the local store (random names); sandboxed, no path traversal',
    expect: all(404),
    request: () => ({ url: `/files/${NOWHERE}.png` }),
    guard: async () => {
      for (const url of ['/files/../package.json', '/files/%2e%2e/%2e%2e/package.json']) {
        const res = await t.app.inject({ url });
        expect([403, 404], url).toContain(res.statusCode);
      }
    },
  },
  'GET /dev/mail': {
    outside: 'development mail outbox; not registered in production or with SMTP (guard below)',
    expect: all('2xx'),
  },
  'GET /sitemap.xml': {
    outside: 'the public sitemap for crawlers (issue 18): public pages only, no session data',
    expect: all('2xx'),
  },
  'GET /sitemaps/:file': {
    outside: 'a part of the public sitemap; anything but an existing n.xml is a 404',
    expect: all('2xx'),
    request: () => ({ url: '/sitemaps/1.xml' }),
    guard: async () => {
      for (const url of ['/sitemaps/0.xml', '/sitemaps/..%2fpackage.json', '/sitemaps/99.xml'])
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    },
  },
  'GET /share/*': {
    outside:
      'link cards for preview crawlers (issue 18): public pages only, a private page gets the site card',
    expect: all('2xx'),
    request: () => ({ url: `/share/PlayerPage?v=${w.videoId}` }),
    guard: async () => {
      const res = await t.app.inject({
        url: `/share/personal-playlist-view/${w.memberPlaylistId}/${w.videoId}`,
      });
      expect(res.body).not.toContain(w.memberPlaylistId);
    },
  },
  'GET /robots.txt': { outside: 'the public robots.txt for crawlers (issue 18)', expect: all('2xx') },
  'GET /api/v1/dev/mail': {
    outside: 'development mail outbox; not registered in production or with SMTP (guard below)',
    expect: all('2xx'),
    guard: async () => {
      const withSmtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
      try {
        for (const url of ['/dev/mail', api('/dev/mail')])
          expect((await withSmtp.app.inject({ url })).statusCode, url).toBe(404);
      } finally {
        await withSmtp.close();
      }
      // It holds reset links: only this machine may read it, never another host nor a proxied request.
      for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '2001:db8::1'])
        expect((await t.app.inject({ url: api('/dev/mail'), remoteAddress })).statusCode, remoteAddress).toBe(
          404,
        );
      const proxied = await t.app.inject({ url: '/dev/mail', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(404);
    },
  },
  'POST /api/v1/billing/webhooks/chargebee': {
    outside: "Chargebee's webhook, HTTP Basic Auth of its own",
    expect: all(401),
    request: () => ({ payload: { id: 'ev_1', event_type: 'subscription_created', content: {} } }),
    guard: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: api('/billing/webhooks/chargebee'),
        headers: { authorization: `Basic ${Buffer.from('chargebee:wrong').toString('base64')}` },
        payload: {},
      });
      expect(res.statusCode).toBe(401);
    },
  },
  'POST /api/v1/webhooks/mux': {
    outside:
      "Mux's webhook, signed by Mux (404 while Mux is not configured; guard below with Mux configured)",
    expect: all(404),
    request: () => ({ payload: { type: 'video.asset.ready', data: {} } }),
    guard: async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
      const mux = {
        tokenId: 'token-id',
        tokenSecret: 'token-secret',
        webhookSecret: 'whsec-coverage',
        signingKey: 'signing-key-id',
        privateKey: Buffer.from(pem).toString('base64'),
      };
      const withMux = await createTestApp({ video: { ...testConfig().video, mux } });
      try {
        const body = JSON.stringify({ id: 'ev', type: 'video.asset.ready', data: { id: 'a' } });
        const at = Math.floor(Date.now() / 1000);
        const forged = createHmac('sha256', 'not-the-secret').update(`${at}.${body}`).digest('hex');
        for (const headers of [{}, { 'mux-signature': `t=${at},v1=${forged}` }]) {
          const res = await withMux.app.inject({
            method: 'POST',
            url: '/api/v1/webhooks/mux',
            headers: { 'content-type': 'application/json', ...headers },
            payload: body,
          });
          expect([401, 403]).toContain(res.statusCode);
        }
      } finally {
        await withMux.close();
      }
    },
  },
  'GET /api/v1/media/:assetId/:exp/:sig/*': {
    outside: 'signed media URL of the local video provider: the signature is the credential',
    expect: all(403),
    request: () => ({
      url: api(`/media/${NOWHERE}/${Math.floor(Date.now() / 1000) + 60}/forged/index.m3u8`),
    }),
  },
  'PUT /api/v1/uploads/local/:uploadId/:exp/:token': {
    outside: 'signed upload URL of the local video provider: the token is the credential',
    expect: all(403),
    request: () => ({
      url: api(`/uploads/local/${NOWHERE}/${Math.floor(Date.now() / 1000) + 60}/forged`),
      payload: 'x',
      headers: { 'content-type': 'video/mp4' },
    }),
  },
  'GET /api/v1/billing/sandbox/checkout/:id': {
    outside: 'sandbox hosted page (test billing only): the unguessable page id is the credential',
    expect: all(404),
    request: () => ({ url: api(`/billing/sandbox/checkout/${NOWHERE}`) }),
  },
  'POST /api/v1/billing/sandbox/checkout/:id': {
    outside: 'sandbox hosted page (test billing only): the unguessable page id is the credential',
    expect: all(404),
    request: () => ({
      url: api(`/billing/sandbox/checkout/${NOWHERE}`),
      payload: 'cardNumber=4242424242424242',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'GET /api/v1/billing/sandbox/portal/:id': {
    outside: 'sandbox hosted page (test billing only): the unguessable page id is the credential',
    expect: all(404),
    request: () => ({ url: api(`/billing/sandbox/portal/${NOWHERE}`) }),
  },
  'POST /api/v1/billing/sandbox/portal/:id': {
    outside: 'sandbox hosted page (test billing only): the unguessable page id is the credential',
    expect: all(404),
    request: () => ({
      url: api(`/billing/sandbox/portal/${NOWHERE}`),
      payload: 'action=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  // Raw route inside the session model (its own requireSession): members upload a profile image only.
  'POST /api/v1/files': {
    // Reaching its own check proves the session passed: without a session it is 401 before anything else.
    expect: signedIn(415),
    request: () => ({ payload: 'not multipart', headers: { 'content-type': 'text/plain' } }),
  },

  // ---- auth (public) ----
  'POST /api/v1/auth/signup': {
    expect: all('2xx'),
    request: () => ({
      payload: {
        firstName: 'Mia',
        lastName: 'Moves',
        email: email('signup'),
        password: 'pirouette-42',
        reEnteredPassword: 'pirouette-42',
        role: 'dancer-parent',
        acceptTerms: true,
      },
      headers: {},
    }),
  },
  'POST /api/v1/auth/studio-signup': {
    expect: all('2xx'),
    request: () => ({
      payload: {
        firstName: 'Sam',
        lastName: 'Studio',
        email: email('studio'),
        password: 'pirouette-42',
        reEnteredPassword: 'pirouette-42',
        acceptTerms: true,
      },
      headers: {},
    }),
  },
  'POST /api/v1/auth/login': {
    expect: all('2xx', { guest: 401 }),
    request: (p) => ({
      payload: { email: p === 'guest' ? email('nobody') : w.users[p].email, password: PASSWORD },
    }),
  },
  'POST /api/v1/auth/tokens': {
    expect: all('2xx', { guest: 401 }),
    request: (p) => ({
      payload: { email: p === 'guest' ? email('nobody') : w.users[p].email, password: PASSWORD },
    }),
  },
  'GET /api/v1/auth/session': { expect: signedIn('2xx') },
  'POST /api/v1/auth/logout': {
    expect: all('2xx'),
    // A session of its own: logging the persona's shared session out would end the run's.
    request: async (p) => ({ headers: p === 'guest' ? {} : await cookieHeaders(w.users[p].id) }),
  },
  'POST /api/v1/auth/password/forgot': {
    expect: all('2xx'),
    request: (p) => ({ payload: { email: p === 'guest' ? email('x') : w.users[p].email } }),
  },
  'POST /api/v1/auth/password/reset': {
    expect: all(400),
    request: () => ({
      payload: { token: 'forged', password: 'pirouette-42', confirmPassword: 'pirouette-42' },
    }),
  },
  'POST /api/v1/auth/password/set': {
    expect: all(400),
    request: () => ({
      payload: { token: 'forged', password: 'pirouette-42', confirmPassword: 'pirouette-42' },
    }),
  },

  // ---- account (own data only: there is no id to point at another account) ----
  'GET /api/v1/account': { expect: signedIn('2xx') },
  'PATCH /api/v1/account': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { firstName: 'A', lastName: 'B' } }),
  },
  'PUT /api/v1/account/image': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { imageUrl: `/files/profile-image/${randomUUID()}.png` } }),
  },
  'PUT /api/v1/account/notification-preferences': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { commentNotifications: false } }),
  },
  'PUT /api/v1/account/email': {
    // A studio's sub-users have their email managed by the studio.
    expect: signedIn('2xx', { subuser: 403, foreignSubuser: 403 }),
    last: 1,
    request: () => ({ payload: { email: email('moved'), currentPassword: PASSWORD } }),
  },
  'POST /api/v1/account/email/confirm': {
    // Public: the link's token is the proof, bound to its account; a forged one changes nothing for anyone.
    expect: all(400),
    request: () => ({ payload: { userId: w.users.member.id, token: 'forged-token-forged-token' } }),
  },
  'PUT /api/v1/account/password': {
    expect: signedIn('2xx'),
    last: 2,
    request: () => ({
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'Another-horse-8',
        confirmPassword: 'Another-horse-8',
      },
    }),
  },
  'GET /api/v1/account/subscription': { expect: signedIn('2xx') },

  // ---- billing ----
  // Buying: not for admins or sub-users (the studio pays); the VIP already has the plan asked for.
  'POST /api/v1/billing/checkout-sessions': {
    expect: signedIn('2xx', { admin: 403, subuser: 403, foreignSubuser: 403, vip: 409 }),
    request: () => ({ payload: { planId: 'VIP', period: 'monthly' } }),
  },
  'POST /api/v1/billing/portal-sessions': {
    expect: signedIn('2xx', { admin: 403, subuser: 403, foreignSubuser: 403 }),
  },

  // ---- studio seats: the owner manages its own sub-users; another owner's are not found ----
  'GET /api/v1/studio/seats': { expect: ownerOnly },
  'GET /api/v1/studio/sub-users': { expect: ownerOnly },
  'POST /api/v1/studio/sub-users': {
    expect: ownerOnly,
    request: () => ({ payload: { firstName: 'Sub', lastName: 'User', email: email('sub') } }),
  },
  'PATCH /api/v1/studio/sub-users/:subUserId': {
    expect: signedIn(403, { owner: '2xx', otherOwner: 404 }),
    request: async (p) => ({
      url: api(`/studio/sub-users/${await freshSubUser()}`),
      payload: { firstName: 'Re', lastName: `Named ${p}` },
    }),
  },
  'DELETE /api/v1/studio/sub-users/:subUserId': {
    expect: signedIn(403, { owner: '2xx', otherOwner: 404 }),
    request: async () => ({ url: api(`/studio/sub-users/${await freshSubUser()}`) }),
  },

  // ---- practice log (issue 20): every signed-in member keeps their own ----
  'GET /api/v1/me/practice': { expect: signedIn('2xx') },
  'POST /api/v1/me/practice/reports': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { videoId: w.videoId, seconds: 10, timeZone: 'UTC' } }),
  },
  'PUT /api/v1/me/practice/goal': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { weeklyGoalMinutes: 60, timeZone: 'Europe/Paris' } }),
  },
  'GET /api/v1/me/assignments': { expect: signedIn('2xx') },

  // ---- studio assignments: the owner assigns its own playlists to its own sub-users ----
  'GET /api/v1/studio/assignments': { expect: ownerOnly },
  'POST /api/v1/studio/assignments': {
    expect: signedIn(403, { owner: '2xx', otherOwner: 404 }),
    request: async () => ({
      payload: { playlistId: await freshStudioPlaylist(), subUserIds: [await freshSubUser()] },
    }),
  },
  'DELETE /api/v1/studio/assignments/:assignmentId': {
    expect: signedIn(403, { owner: '2xx', otherOwner: 404 }),
    request: async () => ({ url: api(`/studio/assignments/${await freshAssignment()}`) }),
  },
  'POST /api/v1/studio/assignments/:assignmentId/reminders': {
    expect: signedIn(403, { owner: '2xx', otherOwner: 404 }),
    request: async () => ({
      url: api(`/studio/assignments/${await freshAssignment()}/reminders`),
      payload: {},
    }),
  },

  // ---- catalogue (public reads) ----
  'GET /api/v1/home': { expect: all('2xx') },
  'GET /api/v1/categories': { expect: all('2xx') },
  'GET /api/v1/tags': { expect: all('2xx') },
  'GET /api/v1/instructors': { expect: all('2xx') },
  'GET /api/v1/products': { expect: all('2xx') },
  'GET /api/v1/videos': { expect: all('2xx') },
  'GET /api/v1/videos/search': { expect: all('2xx'), request: () => ({ url: api('/videos/search?q=clip') }) },
  'GET /api/v1/banners/active': { expect: all('2xx') },
  'GET /api/v1/popups/active': {
    expect: all('2xx'),
    request: () => ({ url: api('/popups/active?device=desktop') }),
  },
  'POST /api/v1/popups/:id/views': {
    expect: all('2xx'),
    request: () => ({ url: api(`/popups/${w.popupId}/views`) }),
  },

  // ---- the member's own lists ----
  'GET /api/v1/me/saved-videos': { expect: signedIn('2xx') },
  'GET /api/v1/me/saved-video-ids': { expect: signedIn('2xx') },
  'PUT /api/v1/me/saved-videos/:videoId': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/me/saved-videos/${w.videoId}`) }),
  },
  'DELETE /api/v1/me/saved-videos/:videoId': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/me/saved-videos/${w.videoId}`) }),
  },
  'GET /api/v1/me/history': { expect: signedIn('2xx') },
  'DELETE /api/v1/me/history/:videoId': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/me/history/${w.videoId}`) }),
  },
  'GET /api/v1/me/player-preferences': { expect: signedIn('2xx') },
  'PUT /api/v1/me/player-preferences': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { isMirrored: true, playbackRate: 1 } }),
  },
  'PUT /api/v1/me/progress/:videoId': {
    expect: signedIn('2xx'),
    request: () => ({
      url: api(`/me/progress/${w.videoId}`),
      payload: { positionSeconds: 10, durationSeconds: 120 },
    }),
  },

  // ---- player ----
  'GET /api/v1/videos/:videoId': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/videos/${w.videoId}`) }),
  },
  'GET /api/v1/videos/:videoId/playback': {
    expect: signedIn('2xx', { noPlan: 403 }),
    request: () => ({ url: api(`/videos/${w.videoId}/playback?type=VL`) }),
  },
  'GET /api/v1/videos/:videoId/recommendations': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/videos/${w.videoId}/recommendations?type=VL`) }),
  },
  // Live channels: whoever may read a subject's comments may follow them (the poll form answers at once); a
  // channel no module owns answers 404 (live.test.ts).
  'GET /api/v1/live': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/live?channel=comments:video:${w.videoId}&poll=1`) }),
  },

  // ---- comments: "member" owns the comment each persona tries to change (fresh per persona) ----
  'GET /api/v1/comments': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/comments?subjectType=video&subjectId=${w.videoId}`) }),
  },
  'POST /api/v1/comments': {
    expect: signedIn('2xx'),
    request: (p) => ({
      url: api('/comments'),
      payload: { subjectType: 'video', subjectId: w.videoId, content: `Hello from ${p}` },
    }),
  },
  'PATCH /api/v1/comments/:commentId': {
    expect: all(404, { guest: 401, member: '2xx', admin: '2xx' }),
    request: async () => ({ url: api(`/comments/${await freshComment()}`), payload: { content: 'Edited' } }),
  },
  'DELETE /api/v1/comments/:commentId': {
    expect: all(404, { guest: 401, member: '2xx', admin: '2xx' }),
    request: async () => ({ url: api(`/comments/${await freshComment()}`) }),
  },
  'GET /api/v1/admin/moderation/comments': { expect: adminOnly },
  'GET /api/v1/admin/moderation/images': { expect: adminOnly },
  'POST /api/v1/admin/moderation/comments/:commentId/decision': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/moderation/comments/${await freshComment()}/decision`),
      payload: { approve: true },
    }),
  },
  'POST /api/v1/admin/moderation/images/:imageId/decision': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/moderation/images/${await freshCommentImage()}/decision`),
      payload: { approve: true },
    }),
  },
  'GET /api/v1/admin/moderation/settings': { expect: adminOnly },
  'PUT /api/v1/admin/moderation/settings': {
    expect: adminOnly,
    request: () => ({ url: api('/admin/moderation/settings'), payload: { commentValidation: false } }),
  },
  'PUT /api/v1/admin/moderation/mutes/:userId': {
    expect: adminOnly,
    request: () => ({
      url: api(`/admin/moderation/mutes/${w.users.otherMember.id}`),
      payload: { muted: false },
    }),
  },

  'PUT /api/v1/videos/:videoId/reaction': {
    expect: signedIn('2xx'),
    request: () => ({ url: api(`/videos/${w.videoId}/reaction`), payload: { reaction: 'like' } }),
  },

  // ---- playlists: "member" owns a personal one, "owner" a studio one ----
  'GET /api/v1/playlists': { expect: all('2xx'), request: () => ({ url: api('/playlists?type=FPL') }) },
  'GET /api/v1/playlists/:playlistId': {
    // member's personal playlist: only its owner sees it, anyone else (the admin too) finds nothing.
    expect: all(404, { member: '2xx' }),
    request: () => ({ url: api(`/playlists/${w.memberPlaylistId}`) }),
  },
  'POST /api/v1/playlists': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { type: 'PPL', name: 'New', videoIds: [w.videoId] } }),
  },
  'PATCH /api/v1/playlists/:playlistId': {
    expect: signedIn(404, { member: '2xx' }),
    request: () => ({ url: api(`/playlists/${w.memberPlaylistId}`), payload: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/playlists/:playlistId': {
    expect: signedIn(404, { member: '2xx' }),
    request: async () => ({ url: api(`/playlists/${await freshPersonalPlaylist()}`) }),
  },
  'DELETE /api/v1/playlists/:playlistId/videos/:videoId': {
    // The studio playlist: its owner edits it, its sub-user may not (403), other studios find nothing.
    expect: signedIn(404, { owner: '2xx', subuser: 403 }),
    request: async () => ({ url: api(`/playlists/${await freshStudioPlaylist()}/videos/${w.videoId}`) }),
  },
  'PUT /api/v1/playlists/:playlistId/order': {
    expect: signedIn(404, { owner: '2xx', subuser: 403 }),
    request: () => ({
      url: api(`/playlists/${w.studioPlaylistId}/order`),
      payload: { positions: [{ videoId: w.videoId, position: 1 }] },
    }),
  },
  'POST /api/v1/playlists/add-video': {
    // Adding to the studio playlist: its owner and sub-users may, nobody else sees it.
    expect: signedIn(404, { owner: '2xx', subuser: '2xx' }),
    request: () => ({ payload: { videoId: w.classVideoId, playlistIds: [w.studioPlaylistId] } }),
  },

  // ---- admin ----
  'GET /api/v1/admin/users': { expect: adminOnly },
  'GET /api/v1/admin/reactions': { expect: adminOnly },
  'GET /api/v1/admin/reactions/stats': {
    expect: adminOnly,
    request: () => ({ url: api('/admin/reactions/stats?groupBy=category') }),
  },
  'GET /api/v1/admin/overview': {
    expect: adminOnly,
    request: () => ({ url: api('/admin/overview?from=2026-01-01&to=2026-03-31') }),
  },
  'GET /api/v1/admin/sitemap': { expect: adminOnly },
  'GET /api/v1/sitemap/routes': { expect: all('2xx') },
  'PUT /api/v1/admin/users/:userId': {
    expect: adminOnly,
    request: async () => {
      const target = await createUser(t.app, { userType: 'individual-user' });
      return {
        url: api(`/admin/users/${target.id}`),
        payload: { firstName: 'X', lastName: 'Y', email: email('edited') },
      };
    },
  },
  'POST /api/v1/admin/users/bulk-delete': {
    expect: adminOnly,
    request: async () => ({ payload: { userIds: [(await createUser(t.app)).id] } }),
  },
  'DELETE /api/v1/admin/users/:userId': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/users/${(await createUser(t.app)).id}`) }),
  },
  'GET /api/v1/admin/videos': { expect: adminOnly },
  'POST /api/v1/admin/videos': {
    expect: adminOnly,
    request: () => ({
      payload: {
        kind: 'library',
        title: 'Added',
        categoryId: w.categoryId,
        videoUrl: 'https://vimeo.com/1',
        releaseDate: '2030-01-01',
      },
    }),
  },
  'PUT /api/v1/admin/videos/:videoId': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/videos/${await freshVideo()}`),
      payload: {
        title: 'Clip',
        categoryId: w.categoryId,
        instructorId: null,
        levels: [],
        tagIds: [w.tagId],
        productIds: [],
        keywords: [],
        releaseDate: '2030-01-01',
      },
    }),
  },
  'GET /api/v1/admin/videos/:videoId/count-grid': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/videos/${await freshVideo()}/count-grid`) }),
  },
  'PUT /api/v1/admin/videos/:videoId/count-grid': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/videos/${await freshVideo()}/count-grid`),
      payload: { noCounts: false, sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 0.5 }] },
    }),
  },
  'POST /api/v1/admin/videos/:videoId/media/retry': {
    // A ready video has nothing to retry: the admin reaches the rule (409), everyone else is refused first.
    expect: adminReaches(409),
    request: async () => ({ url: api(`/admin/videos/${await freshVideo()}/media/retry`) }),
  },
  'DELETE /api/v1/admin/videos/:videoId': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/videos/${await freshVideo()}`) }),
  },
  'GET /api/v1/admin/vimeo/videos/:vimeoId': {
    expect: adminReaches(404),
    request: () => ({ url: api('/admin/vimeo/videos/123') }),
  },
  'GET /api/v1/admin/categories': { expect: adminOnly },
  'POST /api/v1/admin/categories': {
    expect: adminOnly,
    request: (p) => ({ payload: { name: `Cat ${p} ${randomBytes(2).toString('hex')}` } }),
  },
  'POST /api/v1/admin/categories/:id/move-videos': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/categories/${await freshCategory()}/move-videos`),
      payload: { toCategoryId: w.categoryId },
    }),
  },
  'DELETE /api/v1/admin/categories/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/categories/${await freshCategory()}`) }),
  },
  'GET /api/v1/admin/tags': { expect: adminOnly },
  'POST /api/v1/admin/tags': {
    expect: adminOnly,
    request: (p) => ({ payload: { name: `Tag ${p} ${randomBytes(2).toString('hex')}` } }),
  },
  'PATCH /api/v1/admin/tags/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/tags/${w.tagId}`), payload: { color: '#fff' } }),
  },
  'DELETE /api/v1/admin/tags/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/tags/${await freshTag()}`) }),
  },
  'GET /api/v1/admin/instructors': { expect: adminOnly },
  'POST /api/v1/admin/instructors': { expect: adminOnly, request: () => ({ payload: { name: 'Ina' } }) },
  'PATCH /api/v1/admin/instructors/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/instructors/${w.instructorId}`), payload: { bio: 'Dancer' } }),
  },
  'DELETE /api/v1/admin/instructors/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/instructors/${await freshInstructor()}`) }),
  },
  'GET /api/v1/admin/products': { expect: adminOnly },
  'POST /api/v1/admin/products/sync': { expect: adminReaches(409) }, // Shopify not configured
  'GET /api/v1/admin/banners': { expect: adminOnly },
  'POST /api/v1/admin/banners': {
    expect: adminOnly,
    request: () => ({ payload: { title: 'B', imageUrl: '/files/b.png', showImmediately: true } }),
  },
  'GET /api/v1/admin/banners/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/banners/${w.bannerId}`) }),
  },
  'PUT /api/v1/admin/banners/:id': {
    expect: adminOnly,
    request: () => ({
      url: api(`/admin/banners/${w.bannerId}`),
      payload: { title: 'B2', imageUrl: '/files/b.png', showImmediately: true },
    }),
  },
  'PATCH /api/v1/admin/banners/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/banners/${w.bannerId}`), payload: { isActive: false } }),
  },
  'DELETE /api/v1/admin/banners/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/banners/${await freshBanner()}`) }),
  },
  'GET /api/v1/admin/audit/events': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/audit/events?${auditRange()}&limit=10`) }),
  },
  'GET /api/v1/admin/audit/summary': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/audit/summary?${auditRange()}`) }),
  },
  'GET /api/v1/admin/audit/timeseries': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/audit/timeseries?${auditRange()}&interval=hour&metric=p95`) }),
  },
  'GET /api/v1/admin/audit/events.csv': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/audit/events.csv?${auditRange()}`) }),
  },
  'GET /api/v1/admin/popups': { expect: adminOnly },
  'POST /api/v1/admin/popups': { expect: adminOnly, request: () => ({ payload: popupInput() }) },
  'GET /api/v1/admin/popups/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/popups/${w.popupId}`) }),
  },
  'PUT /api/v1/admin/popups/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/popups/${w.popupId}`), payload: popupInput() }),
  },
  'DELETE /api/v1/admin/popups/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/popups/${await freshPopup()}`) }),
  },
  'POST /api/v1/admin/featured-playlists': {
    expect: adminOnly,
    request: () => ({ payload: { name: 'F', description: 'D', videoIds: [w.videoId] } }),
  },
  'PUT /api/v1/admin/featured-playlists/:playlistId': {
    expect: adminOnly,
    request: () => ({
      url: api(`/admin/featured-playlists/${w.featuredPlaylistId}`),
      payload: { name: 'F2', description: 'D', videoIds: [w.videoId] },
    }),
  },
  'PUT /api/v1/admin/featured-playlists/:playlistId/order': {
    expect: adminOnly,
    request: () => ({
      url: api(`/admin/featured-playlists/${w.featuredPlaylistId}/order`),
      payload: { positions: [{ videoId: w.videoId, position: 1 }] },
    }),
  },
  'DELETE /api/v1/admin/featured-playlists/:playlistId': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/featured-playlists/${await freshFeatured()}`) }),
  },
  'POST /api/v1/admin/direct-upload': {
    expect: adminOnly,
    request: () => ({ payload: { title: 'Upload' } }),
  },
  'GET /api/v1/admin/direct-upload/:uploadId': {
    expect: adminOnly,
    request: async (p) => {
      if (p !== 'admin') return { url: api(`/admin/direct-upload/${NOWHERE}`) };
      const upload = await asAdmin('POST', '/admin/direct-upload', { title: 'Status' });
      return { url: api(`/admin/direct-upload/${upload.uploadId}`) };
    },
  },
  'GET /api/v1/admin/mux-asset': {
    expect: adminReaches(404),
    request: () => ({ url: api(`/admin/mux-asset?assetId=${NOWHERE}`) }),
  },
  'POST /api/v1/admin/chapter-thumbnails': {
    expect: adminReaches(404),
    request: () => ({ payload: { playbackId: 'p', timecode: 1 } }),
  },
  'POST /api/v1/admin/upload-video': {
    expect: adminOnly,
    request: async (p) => {
      if (p !== 'admin') return { payload: {} };
      const asset = await createReadyAsset(t.app, 'Uploaded');
      return {
        payload: { title: 'Upload', videoLink: asset.id, levels: ['Beginner'], releaseDate: '2030-01-01' },
      };
    },
  },
  // ---- teacher resource center ----
  'GET /api/v1/trc/access': { expect: signedIn('2xx') },
  'POST /api/v1/trc/access': {
    expect: trcApply,
    request: () => ({ payload: { link: '@teacher', roles: ['instructor'] } }),
  },
  'PUT /api/v1/trc/access': {
    // Runs after the POST: the members' requests are pending, so they resubmit.
    expect: trcApply,
    request: () => ({ payload: { link: 'teacher.example.com', roles: ['instructor'] } }),
  },
  'GET /api/v1/trc/categories': { expect: trcGranted },
  'GET /api/v1/trc/home': { expect: trcGranted },
  'GET /api/v1/trc/filters': { expect: trcGranted },
  'GET /api/v1/trc/content': { expect: trcGranted },
  'GET /api/v1/trc/content/:id': {
    expect: trcGranted,
    request: () => ({ url: api(`/trc/content/${w.trcPdfId}`) }),
  },
  'GET /api/v1/trc/content/:id/playback': {
    expect: trcGranted,
    request: () => ({ url: api(`/trc/content/${w.trcVideoId}/playback`) }),
  },
  'GET /api/v1/trc/content/:id/document': {
    expect: trcGranted,
    request: () => ({ url: api(`/trc/content/${w.trcPdfId}/document`) }),
  },
  'PUT /api/v1/trc/content/:id/reaction': {
    expect: trcGranted,
    request: () => ({ url: api(`/trc/content/${w.trcPdfId}/reaction`), payload: { reaction: 'like' } }),
  },
  'GET /api/v1/trc/files/:documentId/first-page': {
    outside:
      "signed image of a TRC PDF's first page: the signature is the credential (issued with the PDF's, only to users with access)",
    expect: all(403),
    request: () => ({
      url: api(`/trc/files/${w.trcDocumentId}/first-page?e=${Math.floor(Date.now() / 1000) + 60}&s=forged`),
    }),
    guard: async () => {
      const good = signedFirstPageUrl(t.app.video.secret, w.trcDocumentId, new Date(Date.now() + 60_000));
      const answer = await t.app.inject({ method: 'GET', url: good });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      // The PDF's signature does not open the image, nor the image's another document.
      const pdfLink = signedDocumentUrl(
        t.app.video.secret,
        w.trcDocumentId,
        new Date(Date.now() + 60_000),
        'inline',
      );
      const borrowed = `${api(`/trc/files/${w.trcDocumentId}/first-page`)}?${pdfLink.split('?')[1]}`;
      expect((await t.app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
      const expired = signedFirstPageUrl(t.app.video.secret, w.trcDocumentId, new Date(Date.now() - 1000));
      expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    },
  },
  'GET /api/v1/trc/files/:documentId': {
    outside: 'signed PDF URL of the TRC: the signature is the credential (issued only to users with access)',
    expect: all(403),
    request: () => ({
      url: api(`/trc/files/${w.trcDocumentId}?e=${Math.floor(Date.now() / 1000) + 60}&d=0&s=forged`),
    }),
    guard: async () => {
      const expires = new Date(Date.now() + 60_000);
      const good = signedDocumentUrl(t.app.video.secret, w.trcDocumentId, expires, 'inline');
      expect((await t.app.inject({ method: 'GET', url: good })).statusCode).toBe(200);
      // The disposition is signed too: an inline link does not become a download.
      expect((await t.app.inject({ method: 'GET', url: good.replace('d=0', 'd=1') })).statusCode).toBe(403);
      const expired = signedDocumentUrl(
        t.app.video.secret,
        w.trcDocumentId,
        new Date(Date.now() - 1000),
        'inline',
      );
      expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    },
  },
  'GET /api/v1/admin/trc/applications': { expect: adminOnly },
  'POST /api/v1/admin/trc/applications/:id/decision': {
    expect: adminOnly,
    request: async () => {
      const applicant = await createUser(t.app, { userType: 'individual-user' });
      const application = await createApplication(t.app, applicant);
      return {
        url: api(`/admin/trc/applications/${application.id}/decision`),
        payload: { status: 'approved' },
      };
    },
  },
  'GET /api/v1/admin/trc/content': { expect: adminOnly },
  'GET /api/v1/admin/trc/content-options': { expect: adminOnly },
  'GET /api/v1/admin/trc/content/:id': {
    expect: adminOnly,
    request: () => ({ url: api(`/admin/trc/content/${w.trcPdfId}`) }),
  },
  'POST /api/v1/admin/trc/content': { expect: adminOnly, request: () => ({ payload: trcInput() }) },
  'PUT /api/v1/admin/trc/content/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/trc/content/${await freshTrcPdf()}`), payload: trcInput() }),
  },
  'DELETE /api/v1/admin/trc/content/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/trc/content/${await freshTrcPdf()}`) }),
  },
  'POST /api/v1/admin/trc/documents/from-url': {
    // The server never fetches inside our network: a loopback address is refused (the spec's message, 400).
    expect: adminReaches(400),
    request: () => ({ payload: { url: 'http://127.0.0.1:9/plan.pdf' } }),
  },
  // Raw multipart route with its own admin check (authHook): the admin reaches the content-type check.
  'POST /api/v1/admin/trc/documents': {
    expect: adminReaches(415),
    request: () => ({ payload: 'not multipart', headers: { 'content-type': 'text/plain' } }),
  },
  // ---- notifications: "member" owns an inbox item; other members' items answer 404 ----
  'GET /api/v1/admin/notifications': { expect: adminOnly },
  'POST /api/v1/admin/notifications': { expect: adminOnly, request: () => ({ payload: notificationInput }) },
  'POST /api/v1/admin/notifications/group': {
    expect: adminOnly,
    request: () => ({ payload: { ...notificationInput, status: 'active' } }),
  },
  'GET /api/v1/admin/notifications/recipients': { expect: adminOnly },
  'GET /api/v1/admin/notification-schedules': { expect: adminOnly },
  'POST /api/v1/admin/notification-schedules': {
    expect: adminOnly,
    request: () => ({ payload: scheduleInput }),
  },
  'PUT /api/v1/admin/notification-schedules/:id': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/notification-schedules/${await freshSchedule()}`),
      payload: scheduleInput,
    }),
  },
  'PATCH /api/v1/admin/notification-schedules/:id': {
    expect: adminOnly,
    request: async () => ({
      url: api(`/admin/notification-schedules/${await freshSchedule()}`),
      payload: { isPaused: true },
    }),
  },
  'DELETE /api/v1/admin/notification-schedules/:id': {
    expect: adminOnly,
    request: async () => ({ url: api(`/admin/notification-schedules/${await freshSchedule()}`) }),
  },
  'GET /api/v1/notifications': { expect: signedIn('2xx') },
  'PATCH /api/v1/notifications/:id': {
    expect: signedIn(404, { member: '2xx' }),
    request: async () => ({
      url: api(`/notifications/${await freshInboxItem()}`),
      payload: { isRead: true },
    }),
  },
  'POST /api/v1/notifications/read-all': { expect: signedIn('2xx') },
  'GET /api/v1/notifications/preferences': { expect: signedIn('2xx') },
  'PUT /api/v1/notifications/preferences': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { preferences: [{ kind: 'release', channel: 'push', enabled: false }] } }),
  },
  // The token authorises (decision 0038): a forged one is refused whoever asks, signed in or not.
  'POST /api/v1/notifications/unsubscribe': {
    expect: all(400),
    request: () => ({ url: api('/notifications/unsubscribe?token=forged.release.1.mac') }),
  },
  'GET /api/v1/push/public-key': { expect: all('2xx') },
  'POST /api/v1/push/subscriptions': {
    expect: signedIn('2xx'),
    request: () => ({
      payload: {
        endpoint: `https://push.example.com/${randomUUID()}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
  },
  'POST /api/v1/push/subscriptions/remove': {
    expect: signedIn('2xx'),
    request: () => ({ payload: { endpoint: 'https://push.example.com/none' } }),
  },
};

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const matches = (o: Outcome, status: number) => (o === '2xx' ? status >= 200 && status < 300 : status === o);

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: recorder.onRoute });
  const otherOwner = await createUser(t.app, { userType: 'studio-owner' });
  const owner = await createUser(t.app, { userType: 'studio-owner' });
  const users = {
    noPlan: await createUser(t.app, { userType: null }),
    member: await createUser(t.app, { userType: 'individual-user' }),
    otherMember: await createUser(t.app, { userType: 'individual-user' }),
    vip: await createUser(t.app, { userType: 'vip' }),
    owner,
    subuser: await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id }),
    otherOwner,
    foreignSubuser: await createUser(t.app, { userType: 'subuser', studioOwnerId: otherOwner.id }),
    admin: await createUser(t.app, { role: 'admin' }),
  };
  await subscribe(t.app, users.member.id, 'active');
  await subscribe(t.app, users.otherMember.id, 'active');
  await subscribe(t.app, users.vip.id, 'active', 'VIP');
  await subscribe(t.app, owner.id, 'active', 'STUDIO-5');
  await subscribe(t.app, otherOwner.id, 'active', 'STUDIO-5');
  // Paying personas have their billing customer (the portal opens for them).
  for (const user of [users.member, users.otherMember, users.vip, owner, otherOwner])
    await t.app.db
      .insert(billingCustomers)
      .values({ userId: user.id, provider: 'sandbox', customerId: `cus-${user.id}` });
  const headers = { guest: {} } as World['headers'];
  for (const [name, user] of Object.entries(users)) headers[name as Persona] = await cookieHeaders(user.id);
  w = { users, headers } as unknown as World;
  const tag = await createTag(t.app, 'Ballet', 1);
  const category = await createCategory(t.app);
  w.tagId = tag.id;
  w.categoryId = category.id;
  w.instructorId = (await createInstructor(t.app)).id;
  w.videoId = (
    await createPlayableVideo(t.app, { title: 'Clip', tagIds: [tag.id], categoryId: category.id })
  ).video.id;
  w.classVideoId = (await createPlayableVideo(t.app, { title: 'Class', kind: 'class' })).video.id;
  w.memberPlaylistId = await freshPersonalPlaylist();
  w.studioPlaylistId = await freshStudioPlaylist();
  w.featuredPlaylistId = await freshFeatured();
  w.bannerId = (await freshBanner()) as string;
  w.popupId = (await freshPopup()) as string;
  const trcPdf = await createTrcPdf(t.app);
  w.trcPdfId = trcPdf.content.id;
  w.trcDocumentId = trcPdf.document.id;
  w.trcVideoId = (await createTrcVideo(t.app)).content.id;
});
afterAll(() => t?.close());

describe('authorization coverage', () => {
  it('has a case for every registered route (coverage 1.0)', () => {
    const registered = recorder.routes.map(key);
    const covered = registered.filter((k) => CASES[k]);
    const figure = covered.length / registered.length;
    console.log(
      `authorization coverage: ${covered.length}/${registered.length} routes = ${figure.toFixed(3)} ` +
        `(${PERSONAS.length} personas, ${covered.length * PERSONAS.length} requests)`,
    );
    expect(
      registered.filter((k) => !CASES[k]),
      'routes without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !registered.includes(k)),
      'cases of no route',
    ).toEqual([]);
    expect(registered.length).toBeGreaterThan(100);
  });

  it('answers every persona as its case says', async () => {
    const failures: string[] = [];
    const ordered = recorder.routes.filter((r) => CASES[key(r)]);
    ordered.sort((a, b) => (CASES[key(a)]!.last ?? 0) - (CASES[key(b)]!.last ?? 0));
    for (const r of ordered) {
      const c = CASES[key(r)]!;
      // The personas of one route run side by side: destructive routes act on fresh fixtures per persona.
      await Promise.all(
        PERSONAS.map(async (persona) => {
          const req = (await c.request?.(persona)) ?? {};
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: req.url ?? r.url,
            headers: { ...w.headers[persona], ...req.headers },
            ...(req.payload !== undefined ? { payload: req.payload as string } : {}),
          });
          if (!matches(c.expect[persona], res.statusCode))
            failures.push(
              `${key(r)} as ${persona}: ${res.statusCode}, expected ${c.expect[persona]} ${res.body.slice(0, 160)}`,
            );
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('proves the own guard of each route outside the session model', async () => {
    const outside = Object.entries(CASES).filter(([, c]) => c.outside);
    expect(outside.length).toBeGreaterThan(10);
    for (const [, c] of outside) await c.guard?.();
    // Each is also covered by its row: a guest and every persona get what the row says.
  });

  it('answers 404, not 403, to cross-owner access', () => {
    const crossOwner: [string, Persona][] = [
      ['GET /api/v1/playlists/:playlistId', 'otherMember'],
      ['PATCH /api/v1/playlists/:playlistId', 'otherMember'],
      ['DELETE /api/v1/playlists/:playlistId', 'otherMember'],
      ['DELETE /api/v1/playlists/:playlistId/videos/:videoId', 'otherOwner'],
      ['DELETE /api/v1/playlists/:playlistId/videos/:videoId', 'foreignSubuser'],
      ['PUT /api/v1/playlists/:playlistId/order', 'otherOwner'],
      ['POST /api/v1/playlists/add-video', 'foreignSubuser'],
      ['PATCH /api/v1/studio/sub-users/:subUserId', 'otherOwner'],
      ['DELETE /api/v1/studio/sub-users/:subUserId', 'otherOwner'],
      ['PATCH /api/v1/comments/:commentId', 'otherMember'],
      ['DELETE /api/v1/comments/:commentId', 'otherMember'],
    ];
    for (const [route, persona] of crossOwner)
      expect(CASES[route]?.expect[persona], `${route} ${persona}`).toBe(404);
  });
});
