import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTag, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { playerPreferences, videoReactions, watchProgress } from '../../db/schema';
import { createPlayableVideo, subscribe } from './test-factories';

let t: TestApp;
let headers: Record<string, string>;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { userType: 'individual-user' });
  await subscribe(t.app, user.id, 'active');
  headers = (await logInAs(t.app, user.email)).headers;
  videoId = (await createPlayableVideo(t.app, { title: 'Happy path', durationSeconds: 200 })).video.id;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('reactions (spec 2 §4)', () => {
  it('sets, clears and switches', async () => {
    expect(
      (await inject('PUT', `/api/v1/videos/${videoId}/reaction`, { reaction: 'like' })).json(),
    ).toMatchObject({
      reaction: 'like',
      likeCount: 1,
      dislikeCount: 0,
    });
    expect(
      (await inject('PUT', `/api/v1/videos/${videoId}/reaction`, { reaction: 'dislike' })).json(),
    ).toMatchObject({
      reaction: 'dislike',
      likeCount: 0,
      dislikeCount: 1,
    });
    expect(
      (await inject('PUT', `/api/v1/videos/${videoId}/reaction`, { reaction: null })).json(),
    ).toMatchObject({
      reaction: null,
      dislikeCount: 0,
    });
  });

  it('refuses a bad reaction or an unknown video and changes nothing', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(videoReactions);
    expect((await inject('PUT', `/api/v1/videos/${videoId}/reaction`, { reaction: 'love' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await inject('PUT', '/api/v1/videos/00000000-0000-4000-8000-000000000000/reaction', {
          reaction: 'like',
        })
      ).statusCode,
    ).toBe(404);
    expect((await inject('PUT', '/api/v1/videos/not-a-uuid/reaction', { reaction: 'like' })).statusCode).toBe(
      400,
    );
    const [after] = await t.app.db.select({ n: count() }).from(videoReactions);
    expect(after!.n).toBe(before!.n);
  });
});

describe('progress, resume and history', () => {
  it('resumes where the member left off, and finishes past 95%', async () => {
    await inject('PUT', `/api/v1/me/progress/${videoId}`, { positionSeconds: 80, durationSeconds: 200 });
    expect((await inject('GET', `/api/v1/videos/${videoId}/playback`)).json().resumeAtSeconds).toBe(80);
    const history = (await inject('GET', '/api/v1/me/history')).json();
    expect(history.items[0]).toMatchObject({ positionSeconds: 80, progress: 0.4, isCompleted: false });
    expect(history.items[0].video.id).toBe(videoId);
    const home = (await inject('GET', '/api/v1/home')).json();
    expect(home.groups[0].name).toBe('Continue Watching');
    const done = (
      await inject('PUT', `/api/v1/me/progress/${videoId}`, { positionSeconds: 195, durationSeconds: 200 })
    ).json();
    expect(done.isCompleted).toBe(true);
    expect((await inject('GET', `/api/v1/videos/${videoId}/playback`)).json().resumeAtSeconds).toBeNull();
    expect((await inject('GET', '/api/v1/home')).json().groups[0].name).not.toBe('Continue Watching');
    await inject('DELETE', `/api/v1/me/history/${videoId}`);
    expect((await inject('GET', '/api/v1/me/history')).json().total).toBe(0);
  });

  it('refuses bad positions and changes nothing', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(watchProgress);
    expect(
      (await inject('PUT', `/api/v1/me/progress/${videoId}`, { positionSeconds: -1, durationSeconds: 10 }))
        .statusCode,
    ).toBe(400);
    expect((await inject('PUT', `/api/v1/me/progress/${videoId}`, { positionSeconds: 'x' })).statusCode).toBe(
      400,
    );
    const [after] = await t.app.db.select({ n: count() }).from(watchProgress);
    expect(after!.n).toBe(before!.n);
  });
});

describe('player preferences', () => {
  it('remembers mirror and speed across sessions', async () => {
    expect((await inject('GET', '/api/v1/me/player-preferences')).json()).toEqual({
      isMirrored: false,
      playbackRate: 1,
    });
    await inject('PUT', '/api/v1/me/player-preferences', { isMirrored: true, playbackRate: 0.75 });
    expect((await inject('GET', '/api/v1/me/player-preferences')).json()).toEqual({
      isMirrored: true,
      playbackRate: 0.75,
    });
    const [before] = await t.app.db.select({ n: count() }).from(playerPreferences);
    expect(
      (await inject('PUT', '/api/v1/me/player-preferences', { isMirrored: true, playbackRate: 3 }))
        .statusCode,
    ).toBe(400);
    expect((await inject('GET', '/api/v1/me/player-preferences')).json().playbackRate).toBe(0.75);
    const [after] = await t.app.db.select({ n: count() }).from(playerPreferences);
    expect(after!.n).toBe(before!.n);
  });
});

describe('video detail and recommendations', () => {
  it('answers the page with products, tags and the saved flag', async () => {
    const detail = (await inject('GET', `/api/v1/videos/${videoId}`)).json();
    expect(detail).toMatchObject({
      title: 'Happy path',
      isSaved: false,
      chapters: [{ title: 'Intro' }, { title: 'Combo' }],
    });
  });

  it('names the slider by context and ranks related videos first', async () => {
    const tag = await createTag(t.app, 'Pirouettes');
    const source = await createVideo(t.app, { title: 'Source', tagIds: [tag.id] });
    const related = await createVideo(t.app, { title: 'Related', tagIds: [tag.id], releasedDaysAgo: 300 });
    await createVideo(t.app, { title: 'Unrelated', releasedDaysAgo: 1 });
    const recommended = (await inject('GET', `/api/v1/videos/${source.id}/recommendations`)).json();
    expect(recommended.heading).toBe('RECOMMENDED');
    expect(recommended.items[0].id).toBe(related.id);
    expect(recommended.items.map((v: { id: string }) => v.id)).not.toContain(source.id);
    expect(
      (await inject('GET', `/api/v1/videos/${source.id}/recommendations?type=featured`)).json().heading,
    ).toBe('NEXT UP');
    expect((await inject('GET', `/api/v1/videos/${source.id}/recommendations?type=CL`)).json().heading).toBe(
      'ALL CLASSES',
    );
  });

  it('asks a guest to log in for the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to view the content.');
  });
});
