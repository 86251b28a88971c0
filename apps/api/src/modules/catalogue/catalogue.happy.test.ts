import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createInstructor,
  createProduct,
  createTag,
  createVideo,
} from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const lessons = await createCategory(t.app, 'Lessons');
  const drills = await createCategory(t.app, 'Drills');
  const ballet = await createTag(t.app, 'Ballet', 1);
  const jazz = await createTag(t.app, 'Jazz', 2);
  const turns = await createTag(t.app, 'Turns', 3);
  const soon = await createTag(t.app, 'coming soon', 4);
  const kids = await createTag(t.app, 'Kids', 5);
  await createTag(t.app, 'CLASSES', 6);
  const maya = await createInstructor(t.app, 'Maya Laurent');
  const band = await createProduct(t.app, 'Resistance Band');
  Object.assign(ids, {
    lessons: lessons.id,
    drills: drills.id,
    ballet: ballet.id,
    jazz: jazz.id,
    turns: turns.id,
    soon: soon.id,
    kids: kids.id,
    maya: maya.id,
    band: band.id,
  });
  // Durations on and around every bucket edge.
  const durations = [0, 299, 300, 599, 600, 899, 900, 5000];
  for (const [i, d] of durations.entries()) {
    await createVideo(t.app, {
      title: `Edge ${String(i).padStart(2, '0')} ${d}s`,
      categoryId: i % 2 ? drills.id : lessons.id,
      durationSeconds: d,
      releasedDaysAgo: 30 + i,
      levels: i % 3 === 0 ? ['Beginner'] : ['Advanced', 'Intermediate'],
      tagIds: i < 3 ? [ballet.id] : [jazz.id],
      instructorId: i === 4 ? maya.id : null,
      productIds: i === 5 ? [band.id] : [],
    });
  }
  await createVideo(t.app, {
    title: 'Pirouette Foundations',
    categoryId: lessons.id,
    tagIds: [kids.id, turns.id, jazz.id, ballet.id],
    releasedDaysAgo: 1,
    instructorName: 'Maya Laurent',
    instructorId: maya.id,
    tagNames: ['Kids', 'Turns', 'Jazz', 'Ballet'],
    isFeatured: true,
  });
  await createVideo(t.app, { title: 'Future Library Video', categoryId: lessons.id, releasedDaysAgo: -3 });
  await createVideo(t.app, { title: 'Future Class', kind: 'class', tagIds: [soon.id], releasedDaysAgo: -3 });
  await createVideo(t.app, { title: 'Released Class', kind: 'class', tagIds: [soon.id], releasedDaysAgo: 2 });
});
afterAll(() => t.close());

const list = async (qs: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      title: string;
      durationSeconds: number;
      tags: { name: string }[];
      isComingSoon: boolean;
      isSaved: boolean;
      id: string;
    }[];
    total: number;
  };
};

describe('library list', () => {
  it('lists released library videos, latest first, with the total', async () => {
    const page = await list('');
    expect(page.total).toBe(9);
    expect(page.items[0]!.title).toBe('Pirouette Foundations');
    expect(page.items.map((v) => v.title)).not.toContain('Future Library Video');
  });

  it('puts bucket edges in the longer bucket (300, 600 and 900 seconds)', async () => {
    const bucket = async (value: number) =>
      (await list(`durations=${value}&sort=short_duration`)).items
        .map((v) => v.durationSeconds)
        .filter((d) => d !== 120);
    expect(await bucket(5)).toEqual([0, 299]);
    expect(await bucket(10)).toEqual([300, 599]);
    expect(await bucket(15)).toEqual([600, 899]);
    expect(await bucket(16)).toEqual([900, 5000]);
    expect((await list('durations=5,16&sort=short_duration')).items.map((v) => v.durationSeconds)).toEqual([
      0, 120, 299, 900, 5000,
    ]);
  });

  it('filters by tags, levels, instructors, products and category, and combines dimensions with AND', async () => {
    expect((await list(`tags=${ids.ballet}`)).total).toBe(4);
    expect((await list(`tags=${ids.ballet},${ids.jazz}`)).total).toBe(9);
    expect((await list('levels=Intermediate')).total).toBe(5);
    expect((await list(`instructors=${ids.maya}`)).total).toBe(2);
    expect((await list(`products=${ids.band}`)).items.map((v) => v.title)).toEqual(['Edge 05 899s']);
    expect((await list(`category=${ids.drills}`)).total).toBe(4);
    expect((await list(`tags=${ids.ballet}&levels=Advanced&durations=5`)).items.map((v) => v.title)).toEqual([
      'Edge 01 299s',
    ]);
  });

  it('sorts six ways and shuffles stably by seed', async () => {
    const titles = async (sort: string) =>
      (await list(`sort=${sort}&pageSize=100`)).items.map((v) => v.title);
    expect((await titles('oldest'))[0]).toBe('Edge 07 5000s');
    expect((await titles('title_asc'))[0]).toBe('Edge 00 0s');
    expect((await titles('title_desc'))[0]).toBe('Pirouette Foundations');
    expect((await titles('long_duration'))[0]).toBe('Edge 07 5000s');
    expect((await titles('short_duration'))[0]).toBe('Edge 00 0s');
    const a = await titles('shuffle&seed=7');
    expect(await titles('shuffle&seed=7')).toEqual(a);
    expect([...a].sort()).toEqual([...(await titles('latest'))].sort());
  });

  it('pages by 15 by default and by pageSize', async () => {
    const first = await list('pageSize=4&page=1&sort=title_asc');
    const third = await list('pageSize=4&page=3&sort=title_asc');
    expect(first.items).toHaveLength(4);
    expect(third.items.map((v) => v.title)).toEqual(['Pirouette Foundations']);
    expect((await list('')).items.length).toBeLessThanOrEqual(15);
  });

  it('gives cards their tags by priority', async () => {
    const card = (await list('')).items[0]!;
    expect(card.tags.map((tag) => tag.name)).toEqual(['Ballet', 'Jazz', 'Turns', 'Kids']);
  });
});

describe('classes', () => {
  it('shows future classes as coming soon and drops the tag once released', async () => {
    const user = await createUser(t.app, { userType: 'individual-user' });
    const session = await logInAs(t.app, user.email);
    const page = await list('kind=class', { cookie: session.cookie });
    const future = page.items.find((v) => v.title === 'Future Class')!;
    const released = page.items.find((v) => v.title === 'Released Class')!;
    expect(future.isComingSoon).toBe(true);
    expect(future.tags.map((tag) => tag.name)).toContain('coming soon');
    expect(released.isComingSoon).toBe(false);
    expect(released.tags.map((tag) => tag.name)).not.toContain('coming soon');
  });
});

describe('search', () => {
  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/search?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { title: string }[] }).items.map((v) => v.title);
  };
  it('finds by title, partial word, typo, instructor and tag', async () => {
    expect((await search('Pirouette'))[0]).toBe('Pirouette Foundations');
    expect((await search('pirou'))[0]).toBe('Pirouette Foundations');
    expect((await search('piroette'))[0]).toBe('Pirouette Foundations');
    expect(await search('maya laurent')).toContain('Pirouette Foundations');
    expect(await search('turns')).toContain('Pirouette Foundations');
    expect(await search('zzzqqq')).toEqual([]);
  });
});

describe('lookups and home', () => {
  it('lists categories, tags by priority and searchable instructors and products', async () => {
    expect(
      (await t.app.inject('/api/v1/categories')).json().items.map((c: { name: string }) => c.name),
    ).toEqual(['Lessons', 'Drills']);
    expect((await t.app.inject('/api/v1/tags')).json().items[0].name).toBe('Ballet');
    expect(
      (await t.app.inject('/api/v1/instructors?query=may')).json().items.map((i: { name: string }) => i.name),
    ).toEqual(['Maya Laurent']);
    expect((await t.app.inject('/api/v1/instructors?query=zzz')).json().items).toEqual([]);
    expect((await t.app.inject('/api/v1/products?query=band')).json().items).toHaveLength(1);
    expect((await t.app.inject('/api/v1/products?query=%25')).json().items).toEqual([]);
  });

  it('does not offer the internal tags as filters to guests and members, but lists them for admins', async () => {
    const names = async (headers: Record<string, string> = {}) =>
      (await t.app.inject({ url: '/api/v1/tags', headers }))
        .json()
        .items.map((x: { name: string }) => x.name);
    expect(await names()).toEqual(['Ballet', 'Jazz', 'Turns', 'Kids']);
    const member = await logInAs(t.app, (await createUser(t.app)).email);
    expect(await names({ cookie: member.cookie })).not.toContain('coming soon');
    expect(await names({ cookie: member.cookie })).not.toContain('CLASSES');
    const admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
    expect(await names({ cookie: admin.cookie })).toEqual([
      'Ballet',
      'Jazz',
      'Turns',
      'coming soon',
      'Kids',
      'CLASSES',
    ]);
  });

  it('builds the guest feed and the member feed with a Saved row', async () => {
    const guest = (await t.app.inject('/api/v1/home')).json();
    expect(guest.groups.map((g: { name: string }) => g.name)).toEqual([
      'Recent Releases',
      'Featured',
      'Lessons',
      'Drills',
    ]);
    expect(guest.groups[0].videos.length).toBeLessThanOrEqual(6);
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const firstId = guest.groups[0].videos[0].id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/saved-videos/${firstId}`,
      headers: session.headers,
    });
    const member = (await t.app.inject({ url: '/api/v1/home', headers: { cookie: session.cookie } })).json();
    const saved = member.groups.find((g: { name: string }) => g.name === 'Saved');
    expect(saved.videos.map((v: { id: string }) => v.id)).toEqual([firstId]);
    expect(member.groups[0].videos[0].isSaved).toBe(true);
  });
});

describe('saved videos', () => {
  it('saves, lists with filters, and unsaves idempotently', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const videos = (await list('sort=title_asc&pageSize=3')).items;
    for (const v of videos) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/me/saved-videos/${v.id}`,
        headers: session.headers,
      });
      expect(res.json()).toEqual({ videoId: v.id, isSaved: true });
    }
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/saved-videos/${videos[0]!.id}`,
      headers: session.headers,
    });
    const saved = (
      await t.app.inject({
        url: '/api/v1/me/saved-videos?sort=title_asc',
        headers: { cookie: session.cookie },
      })
    ).json();
    expect(saved.total).toBe(3);
    expect(saved.items.every((v: { isSaved: boolean }) => v.isSaved)).toBe(true);
    const filtered = (
      await t.app.inject({ url: '/api/v1/me/saved-videos?durations=10', headers: { cookie: session.cookie } })
    ).json();
    expect(filtered.total).toBe(1);
    const ids = (
      await t.app.inject({ url: '/api/v1/me/saved-video-ids', headers: { cookie: session.cookie } })
    ).json().videoIds;
    expect(ids).toHaveLength(3);
    const un = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/saved-videos/${videos[0]!.id}`,
      headers: session.headers,
    });
    expect(un.json().isSaved).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/me/saved-videos/${videos[0]!.id}`,
          headers: session.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/me/saved-video-ids', headers: { cookie: session.cookie } })).json()
        .videoIds,
    ).toHaveLength(2);
  });
});

describe('cached answers', () => {
  it('show a catalogue change at once and carry the saved flags of each member', async () => {
    const before = await list('sort=title_asc&pageSize=50');
    const beforeSearch = await t.app.inject({ url: '/api/v1/videos/search?q=zephyr' });
    expect(beforeSearch.json().total).toBe(0);
    const added = await createVideo(t.app, { title: 'Zephyr Leaps', releasedDaysAgo: 1 });
    const after = await list('sort=title_asc&pageSize=50');
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((v) => v.title)).toContain('Zephyr Leaps');
    expect((await t.app.inject({ url: '/api/v1/videos/search?q=zephyr' })).json().total).toBe(1);
    // Misspelled: the new title's words joined the typo dictionary.
    expect((await t.app.inject({ url: '/api/v1/videos/search?q=zephir' })).json().items[0].title).toBe(
      'Zephyr Leaps',
    );

    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/saved-videos/${added.id}`,
      headers: session.headers,
    });
    const flagOf = (page: Awaited<ReturnType<typeof list>>) =>
      page.items.find((v) => v.id === added.id)?.isSaved;
    expect(flagOf(await list('sort=title_asc&pageSize=50', { cookie: session.cookie }))).toBe(true);
    expect(flagOf(await list('sort=title_asc&pageSize=50'))).toBe(false);
    const other = await logInAs(t.app, (await createUser(t.app)).email);
    expect(flagOf(await list('sort=title_asc&pageSize=50', { cookie: other.cookie }))).toBe(false);
  });

  it('answer a guest repeating a URL with the same bytes and headers, and a member with their own flags', async () => {
    const url = '/api/v1/videos?sort=title_asc&pageSize=7&page=2';
    const first = await t.app.inject({ url });
    const again = await t.app.inject({ url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // A member on the same URL is answered by the handler, with their saved flags.
    const member = await logInAs(t.app, (await createUser(t.app)).email);
    const mine = await t.app.inject({ url, headers: { cookie: member.cookie } });
    expect(mine.json().items.map((v: { id: string }) => v.id)).toEqual(
      first.json().items.map((v: { id: string }) => v.id),
    );
    // Bad input is still refused: nothing was stored for it.
    expect((await t.app.inject({ url: '/api/v1/videos?sort=sideways' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/videos?sort=sideways' })).statusCode).toBe(400);
  });
});
