import { createHmac, generateKeyPairSync } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { replayedAndShuffled, WEBHOOK_SEEDS } from '../../../test/shuffle';
import { testConfig } from '../../config/env';
import { type MediaAssetRow, mediaAssets, muxWebhookEvents } from '../../db/schema';

/**
 * Mux webhooks delivered as Mux may deliver them: each event three times, in a shuffled order (seeded), with
 * real signatures made here (mux-signature: t=<unix>,v1=HMAC-SHA256(secret, t + "." + body)). The state is
 * applied once per event and never goes back; ready outranks errored unless Mux stamped the error later.
 */
const SECRET = 'whsec-systematic';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const MUX = {
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  webhookSecret: SECRET,
  signingKey: 'signing-key-id',
  privateKey: Buffer.from(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()).toString('base64'),
};

let t: TestApp;
beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    dataDir: `/tmp/dance-mux-webhooks-${process.pid}`,
    video: { ...base.video, mux: MUX },
  });
});
afterAll(() => t.close());

function sign(body: string, secret = SECRET, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return { 'mux-signature': `t=${at},v1=${v1}`, 'content-type': 'application/json' };
}
const deliver = (body: string, headers: Record<string, string> = sign(body)) =>
  t.app.inject({ method: 'POST', url: '/api/v1/webhooks/mux', headers, payload: body });

let serial = 0;
/** A Mux asset of ours, waiting for its upload, and the events Mux sends about it. */
async function muxAsset() {
  serial += 1;
  const uploadId = `up-sys-${serial}`;
  const assetId = `as-sys-${serial}`;
  const [row] = await t.app.db
    .insert(mediaAssets)
    // Known by its Mux asset id from the start (as after an import): track events carry only that id.
    .values({
      provider: 'mux',
      status: 'waiting',
      title: `Systematic ${serial}`,
      uploadId,
      externalId: assetId,
    })
    .returning();
  const base = Date.parse('2026-11-23T10:00:00.000Z');
  const at = (second: number) => new Date(base + second * 1000).toISOString();
  const asset = (status: string, extra: Record<string, unknown> = {}) => ({
    id: assetId,
    status,
    passthrough: row!.id,
    duration: 61.5,
    resolution_tier: '1080p',
    playback_ids: [{ id: `pb-${assetId}`, policy: 'signed' }],
    tracks: [{ id: 'vt', type: 'video', max_height: 1080 }],
    created_at: String(Math.floor(base / 1000)),
    ...extra,
  });
  const event = (type: string, second: number, data: Record<string, unknown>) =>
    JSON.stringify({
      type,
      id: `evt-${serial}-${type}-${second}`,
      created_at: at(second),
      object: { type: type.includes('upload') ? 'upload' : 'asset', id: assetId },
      environment: { name: 'Test', id: 'env' },
      attempts: [],
      data,
    });
  return {
    row: row!,
    assetId,
    at,
    uploadCreated: (s: number) =>
      event('video.upload.asset_created', s, {
        id: uploadId,
        asset_id: assetId,
        status: 'asset_created',
        new_asset_settings: { passthrough: row!.id },
      }),
    created: (s: number) => event('video.asset.created', s, asset('preparing')),
    // Mux's snapshot of a ready asset lists its text tracks too: here a German one, deleted later.
    ready: (s: number) =>
      event(
        'video.asset.ready',
        s,
        asset('ready', {
          tracks: [
            { id: 'vt', type: 'video', max_height: 1080 },
            { id: 'tt-de', type: 'text', status: 'ready', language_code: 'de', name: 'Deutsch' },
          ],
        }),
      ),
    errored: (s: number) =>
      event(
        'video.asset.errored',
        s,
        asset('errored', { errors: { type: 'invalid_input', messages: ['The input file is broken.'] } }),
      ),
    deleted: (s: number) => event('video.asset.deleted', s, asset('ready')),
    trackReady: (s: number, id = 'tt-fr', lang = 'fr') =>
      event('video.asset.track.ready', s, {
        id,
        asset_id: assetId,
        type: 'text',
        text_type: 'subtitles',
        status: 'ready',
        language_code: lang,
        name: lang,
      }),
    trackDeleted: (s: number, id: string) =>
      event('video.asset.track.deleted', s, { id, asset_id: assetId, type: 'text', status: 'deleted' }),
  };
}

const read = async (id: string): Promise<MediaAssetRow> =>
  (await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;
const eventIds = (bodies: string[]) => bodies.map((b) => JSON.parse(b).id as string);
async function storedEvents(bodies: string[]) {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(muxWebhookEvents)
    .where(inArray(muxWebhookEvents.id, eventIds(bodies)));
  return row!.n;
}

/**
 * Delivers every event three times in a seeded order, in rounds of `together` concurrent requests; answers
 * the statuses seen after each round.
 */
async function deliverShuffled(events: string[], seed: number, rowId: string, together = 1) {
  const outcomes: string[] = [];
  const statuses: string[] = [];
  const order = replayedAndShuffled(events, 3, seed);
  for (let i = 0; i < order.length; i += together) {
    const round = await Promise.all(order.slice(i, i + together).map((body) => deliver(body)));
    for (const res of round) {
      expect(res.statusCode, res.body).toBe(200);
      outcomes.push(res.json().outcome);
    }
    statuses.push((await read(rowId)).status);
  }
  // Each event applied once; the two other deliveries of it are recognised as duplicates.
  expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(events.length * 2);
  expect(await storedEvents(events)).toBe(events.length);
  return statuses;
}

describe('Mux webhooks replayed three times and shuffled', () => {
  it.each(WEBHOOK_SEEDS)(
    'seed %i: a ready asset never goes back (an older error arrives late), a deleted track stays deleted',
    async (seed) => {
      const m = await muxAsset();
      const events = [
        m.uploadCreated(1),
        m.created(2),
        m.errored(3),
        m.ready(4),
        m.trackReady(5),
        m.trackReady(6, 'tt-de', 'de'),
        m.trackDeleted(7, 'tt-de'),
      ];
      const statuses = await deliverShuffled(events, seed, m.row.id);
      const firstReady = statuses.indexOf('ready');
      expect(firstReady).toBeGreaterThanOrEqual(0);
      expect(
        statuses.slice(firstReady).every((s) => s === 'ready'),
        statuses.join(' '),
      ).toBe(true);
      // Nothing goes backwards either: processing never follows ready or errored.
      for (let i = 1; i < statuses.length; i += 1)
        if (statuses[i] === 'processing' || statuses[i] === 'waiting')
          expect(['waiting', 'processing']).toContain(statuses[i - 1]);
      const row = await read(m.row.id);
      expect(row).toMatchObject({
        status: 'ready',
        error: null,
        externalId: m.assetId,
        playbackId: `pb-${m.assetId}`,
        progress: 100,
      });
      expect(row.statusAt?.toISOString()).toBe(m.at(4));
      // The French track stays whatever the order; the German one, deleted at Mux, never comes back.
      expect(row.subtitles.map((s) => s.ref)).toEqual(['tt-fr']);
    },
  );

  it.each(WEBHOOK_SEEDS)('seed %i: an error Mux stamped after the ready wins, and stays', async (seed) => {
    const m = await muxAsset();
    const events = [m.uploadCreated(1), m.created(2), m.ready(3), m.errored(4)];
    const statuses = await deliverShuffled(events, seed, m.row.id);
    const row = await read(m.row.id);
    expect(row).toMatchObject({ status: 'errored', error: 'The input file is broken.' });
    expect(row.statusAt?.toISOString()).toBe(m.at(4));
    const firstErrored = statuses.indexOf('errored');
    // Once the newest event (the error) was applied nothing replaced it: no ready after the last error.
    expect(statuses.lastIndexOf('ready')).toBeLessThan(statuses.lastIndexOf('errored'));
    expect(firstErrored).toBeGreaterThanOrEqual(0);
  });
});

describe('Mux webhooks delivered at the same moment', () => {
  it.each(WEBHOOK_SEEDS)(
    'seed %i: rounds of three concurrent deliveries converge on the newest',
    async (seed) => {
      const ready = await muxAsset();
      await deliverShuffled(
        [ready.uploadCreated(1), ready.created(2), ready.errored(3), ready.ready(4)],
        seed,
        ready.row.id,
        3,
      );
      expect(await read(ready.row.id)).toMatchObject({ status: 'ready', error: null });
      const errored = await muxAsset();
      await deliverShuffled(
        [errored.uploadCreated(1), errored.created(2), errored.ready(3), errored.errored(4)],
        seed,
        errored.row.id,
        3,
      );
      expect(await read(errored.row.id)).toMatchObject({ status: 'errored' });
    },
  );
});

describe('a late asset.errored (issue 13, finding 10)', () => {
  it('does not replace ready when Mux stamped it earlier, or did not stamp it', async () => {
    const m = await muxAsset();
    expect((await deliver(m.ready(10))).json().outcome).toBe('applied');
    expect((await deliver(m.errored(5))).json().outcome).toBe('applied');
    expect(await read(m.row.id)).toMatchObject({
      status: 'ready',
      error: null,
      playbackId: `pb-${m.assetId}`,
    });
    const unstamped = JSON.stringify({
      ...JSON.parse(m.errored(6)),
      id: 'evt-unstamped',
      created_at: 'soon',
    });
    expect((await deliver(unstamped)).statusCode).toBe(200);
    expect((await read(m.row.id)).status).toBe('ready');
    // Replaying the ready changes nothing; a newer error does replace it.
    expect((await deliver(m.ready(10))).json().outcome).toBe('duplicate');
    await deliver(m.errored(11));
    expect(await read(m.row.id)).toMatchObject({ status: 'errored', error: 'The input file is broken.' });
  });

  it('lets ready replace an older error, and a deletion at Mux end a ready asset', async () => {
    const m = await muxAsset();
    await deliver(m.errored(5));
    expect((await read(m.row.id)).status).toBe('errored');
    await deliver(m.ready(10));
    expect((await read(m.row.id)).status).toBe('ready');
    await deliver(m.deleted(20));
    expect(await read(m.row.id)).toMatchObject({ status: 'errored', error: 'The asset was deleted at Mux.' });
    // A ready stamped before the deletion (a late retry) does not bring the asset back.
    const lateReady = JSON.stringify({ ...JSON.parse(m.ready(15)), id: 'evt-late-ready' });
    await deliver(lateReady);
    expect((await read(m.row.id)).status).toBe('errored');
  });
});

describe('Mux webhook signatures', () => {
  it('refuses unsigned, wrongly signed, stale and re-bodied deliveries (403), changing nothing', async () => {
    const m = await muxAsset();
    const body = m.ready(3);
    const before = await read(m.row.id);
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, Record<string, string>> = {
      'no signature': { 'content-type': 'application/json' },
      'empty signature': { 'content-type': 'application/json', 'mux-signature': '' },
      'another secret': sign(body, 'not-the-secret'),
      'outside the tolerance': sign(body, SECRET, now - 3600),
      'signature of another body': sign(m.errored(3)),
      'garbage header': { 'content-type': 'application/json', 'mux-signature': 't=abc,v1=zz' },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const res = await deliver(body, headers);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code, name).toBe('FORBIDDEN');
    }
    expect(await read(m.row.id)).toEqual(before);
    expect(await storedEvents([body])).toBe(0);
    // The same body with a real signature is accepted and applied.
    const ok = await deliver(body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().outcome).toBe('applied');
    expect((await read(m.row.id)).status).toBe('ready');
  });
});
