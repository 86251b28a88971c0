import { catalogueKeys } from '@dance/api-client';
import { videoCard } from '@dance/domain/testing';
import { readListState } from '@dance/ui';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAppApiClient, createAppQueryClient } from '../../app/api';
import { listQueryOf, SORTS_WITH_SHUFFLE } from '../../shared/videos/list-query';
import { apiUrl } from '../../test/fixtures';
import { server } from '../../test/server';
import { preloadLibraryAtStart } from './preload-library';

const LESSONS = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Lessons', routePath: '/Lessons' };
const EXERCISES = { id: 'c0000000-0000-4000-8000-000000000002', name: 'Exercises', routePath: '/Exercises' };
const CLASSES = { id: 'c0000000-0000-4000-8000-000000000004', name: 'Classes', routePath: '/classes' };

function setUp() {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/categories'), () => HttpResponse.json({ items: [LESSONS, EXERCISES, CLASSES] })),
    http.get(apiUrl('/videos'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [videoCard(1)], total: 1, page: 1, pageSize: 15 });
    }),
  );
  return {
    seen,
    client: createAppApiClient(`${window.location.origin}/api/v1`),
    queryClient: createAppQueryClient(),
  };
}

describe('the library lists asked for at start', () => {
  it("asks for each /AllVideos section's page, with its own state, under the query the section reads", async () => {
    const { seen, client, queryClient } = setUp();
    const search = '?lessons.sort=oldest&lessons.page=2';
    await preloadLibraryAtStart(queryClient, client, '/AllVideos', search);

    // Classes have a page of their own, not a library section.
    await expect.poll(() => seen.map((p) => p.get('category')).sort()).toEqual([LESSONS.id, EXERCISES.id]);
    const lessons = seen.find((p) => p.get('category') === LESSONS.id);
    expect(lessons?.get('sort')).toBe('oldest');
    expect(lessons?.get('page')).toBe('2');
    const state = readListState(new URLSearchParams(search), {
      namespace: 'lessons',
      sorts: SORTS_WITH_SHUFFLE,
    });
    const key = catalogueKeys.videos(listQueryOf({ kind: 'library', categoryId: LESSONS.id }, state));
    await expect.poll(() => queryClient.getQueryData(key)).toBeDefined();
  });

  it("asks for a category page's one list, and leaves a view being redirected (?tag=) to the page", async () => {
    const { seen, client, queryClient } = setUp();
    await preloadLibraryAtStart(queryClient, client, '/Exercises/', '');
    await expect.poll(() => seen.map((p) => p.get('category'))).toEqual([EXERCISES.id]);

    await preloadLibraryAtStart(queryClient, client, '/AllVideos', '?tag=t1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });
});
