import {
  type ApiClient,
  categoriesQueryOptions,
  homeQueryOptions,
  sessionQueryOptions,
} from '@dance/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { preloadLibraryAtStart } from '../features/library/preload-library';

export const HOME_PATHS = new Set(['/', '/home']);
/** Home's addresses, with or without a trailing slash. */
export const isHomePath = (pathname: string) =>
  HOME_PATHS.has(pathname.toLowerCase().replace(/(.)\/$/, '$1'));
/** The library's addresses (features/library/preload-library.ts asks for their lists). */
export const LIBRARY_PATH = /^\/(allvideos|lessons|exercises|acrossthefloor|library)\/?$/i;
/** The player's address (the server renders its first screen for a member too, entry-server.tsx). */
export const PLAYER_PATH = /^\/playerpage\/?$/i;
/** A lesson plan's address (features/trc/preload-lesson-plan.ts reads its id). */
const LESSON_PLAN_PATH = /^\/trc\/lesson-plans\/[^/]+\/?$/i;

/**
 * Asks for the first page's data as the app starts, so the answers arrive while React renders the shell
 * rather than being asked for after its first paint (queries start from effects). The home page's largest
 * paint waits on its answer and then on its images, which early.js starts loading as soon as the answer is here.
 * The server renders a guest's first screen from the same answers (`entry-server.tsx`).
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  client: ApiClient,
  pathname: string,
  search: string = window.location.search,
): Promise<unknown> {
  const asked: Promise<unknown>[] = [queryClient.prefetchQuery(sessionQueryOptions(client))];
  if (isHomePath(pathname)) {
    // Its images (the largest paint) are preloaded by public/early.js as soon as its answer arrives.
    asked.push(queryClient.prefetchQuery(homeQueryOptions(client)));
    asked.push(queryClient.prefetchQuery(categoriesQueryOptions(client)));
  }
  // A library page's lists start now too, not once its sections have rendered.
  if (LIBRARY_PATH.test(pathname)) asked.push(preloadLibraryAtStart(queryClient, client, pathname, search));
  // A lesson plan's first page is on a budget (issue 16): its data and code start now, in their own chunk.
  if (LESSON_PLAN_PATH.test(pathname))
    void import('../features/trc/preload-lesson-plan')
      .then((m) => {
        const id = m.lessonPlanIdOf(pathname);
        if (id) m.preloadLessonPlanAtStart(queryClient, client, id);
      })
      .catch(() => {});
  // Settles once every answer above is in the cache (or failed): the server's render waits for it (decision 0071).
  return Promise.all(asked);
}
