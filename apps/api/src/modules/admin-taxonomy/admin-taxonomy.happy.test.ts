import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, categories, tags, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });

async function tagOrder() {
  return (
    await t.app.db.select({ name: tags.name, priority: tags.priority }).from(tags).orderBy(asc(tags.priority))
  ).map((r) => `${r.priority}:${r.name}`);
}

describe('categories', () => {
  it('adds a category with its own page, refuses to remove it while it holds videos, moves them, then removes it', async () => {
    const created = await call('POST', '/categories', { name: '  stretching  basics ' });
    expect(created.statusCode).toBe(201);
    // Its library page and home row (issue 22 item 11): the name without spaces, like /Acrossthefloor.
    expect(created.json()).toMatchObject({
      name: 'Stretching basics',
      routePath: '/Stretchingbasics',
      videoCount: 0,
    });
    const id = created.json().id as string;
    const other = (await call('POST', '/categories', { name: 'Cool down' })).json().id as string;
    const video = await createVideo(t.app, { categoryId: id });
    const listed = (await call('GET', '/categories')).json().items;
    expect(listed).toContainEqual(expect.objectContaining({ id, name: 'Stretching basics', videoCount: 1 }));

    const refused = await call('DELETE', `/categories/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '"Stretching basics" still holds 1 video. Move them to another category first.',
    );
    expect(await t.app.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(1);

    expect((await call('POST', `/categories/${id}/move-videos`, { toCategoryId: id })).statusCode).toBe(400);
    const moved = await call('POST', `/categories/${id}/move-videos`, { toCategoryId: other });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ moved: 1, message: '1 video moved to "Cool down"' });
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.categoryId).toBe(other);

    const removed = await call('DELETE', `/categories/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.app.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(0);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it("gives a new category a free page path, never one of the member app's own pages", async () => {
    const plans = await call('POST', '/categories', { name: 'Plans' });
    expect(plans.json().routePath).toBe('/Plans2');
    const again = await call('POST', '/categories', { name: 'Stretching-Basics!' });
    expect(again.json().routePath).toMatch(/^\/StretchingBasics$/);
  });
});

describe('tags', () => {
  it('adds tags at the end, moves priorities up and down keeping them dense, and deletes closing the gap', async () => {
    for (const name of ['Ballet', 'Jazz', 'Tap', 'Lyrical']) {
      const res = await call('POST', '/tags', { name });
      expect(res.statusCode).toBe(201);
    }
    expect(await tagOrder()).toEqual(['1:Ballet', '2:Jazz', '3:Tap', '4:Lyrical']);
    const ids = Object.fromEntries((await t.app.db.select().from(tags)).map((r) => [r.name, r.id]));

    const up = await call('PATCH', `/tags/${ids.Lyrical}`, { priority: 1 });
    expect(up.statusCode).toBe(200);
    expect(up.json().items.map((r: { name: string }) => r.name)).toEqual([
      'Lyrical',
      'Ballet',
      'Jazz',
      'Tap',
    ]);
    await call('PATCH', `/tags/${ids.Lyrical}`, { priority: 3 });
    expect(await tagOrder()).toEqual(['1:Ballet', '2:Jazz', '3:Lyrical', '4:Tap']);
    await call('PATCH', `/tags/${ids.Ballet}`, { priority: 4 });
    expect(await tagOrder()).toEqual(['1:Jazz', '2:Lyrical', '3:Tap', '4:Ballet']);
    await call('PATCH', `/tags/${ids.Tap}`, { priority: 3 });
    expect(await tagOrder()).toEqual(['1:Jazz', '2:Lyrical', '3:Tap', '4:Ballet']);

    const colored = await call('PATCH', `/tags/${ids.Jazz}`, { color: '#F76707' });
    expect(colored.json().items[0]).toMatchObject({ name: 'Jazz', color: '#f76707' });

    const video = await createVideo(t.app, {
      tagIds: [ids.Lyrical!, ids.Tap!],
      tagNames: ['Lyrical', 'Tap'],
      title: 'Lyrical Tap',
    });
    const removed = await call('DELETE', `/tags/${ids.Lyrical}`);
    expect(removed.statusCode).toBe(200);
    expect(await tagOrder()).toEqual(['1:Jazz', '2:Tap', '3:Ballet']);
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.tagIds).toEqual([ids.Tap]);
    expect(row!.searchText).not.toContain('lyrical tap lyrical');
    expect(row!.searchText.startsWith('lyrical tap  tap') || !row!.searchText.includes(' lyrical ')).toBe(
      true,
    );

    // A new tag after a delete lands right after the last one.
    await call('POST', '/tags', { name: 'Hip Hop', color: '#2f9e44' });
    expect(await tagOrder()).toEqual(['1:Jazz', '2:Tap', '3:Ballet', '4:Hip Hop']);
    const listed = (await call('GET', '/tags')).json().items;
    expect(listed.find((r: { name: string }) => r.name === 'Tap')).toMatchObject({ videoCount: 1 });
  });

  it('repairs priorities that were not dense before a move', async () => {
    await t.app.db.delete(tags);
    await createTag(t.app, 'A', 5);
    await createTag(t.app, 'B', 9);
    const c = await createTag(t.app, 'C', 20);
    await call('PATCH', `/tags/${c.id}`, { priority: 2 });
    expect(await tagOrder()).toEqual(['1:A', '2:C', '3:B']);
  });
});
