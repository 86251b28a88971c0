import {
  type ApiClient,
  categoriesQueryOptions,
  homeQueryOptions,
  sessionQueryOptions,
} from '@dance/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { preloadLibraryAtStart } from '../features/library/preload-library';

const HOME_PATHS = new Set(['/', '/home']);
/** The library's addresses (features/library/preload-library.ts asks for their lists). */
const LIBRARY_PATH = /^\/(allvideos|lessons|exercises|acrossthefloor|library)\/?$/i;
/** A lesson plan's address (features/trc/preload-lesson-plan.ts reads its id). */
const LESSON_PLAN_PATH = /^\/trc\/lesson-plans\/[^/]+\/?$/i;

/**
 * Asks for the first page's data as the app starts, so the answers arrive while React renders the shell
 * rather than being asked for after its first paint (queries start from effects). The home page's largest
 * paint waits on its answer and then on its images, which early.js starts loading as soon as the answer is here.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  client: ApiClient,
  pathname: string,
  search: string = window.location.search,
): void {
  void queryClient.prefetchQuery(sessionQueryOptions(client));
  if (HOME_PATHS.has(pathname.toLowerCase().replace(/(.)\/$/, '$1'))) {
    // Its images (the largest paint) are preloaded by public/early.js as soon as its answer arrives.
    void queryClient.prefetchQuery(homeQueryOptions(client));
    void queryClient.prefetchQuery(categoriesQueryOptions(client));
  }
  // A library page's lists start now too, not once its sections have rendered.
  if (LIBRARY_PATH.test(pathname)) void preloadLibraryAtStart(queryClient, client, pathname, search);
  // A lesson plan's first page is on a budget (issue 16): its data and code start now, in their own chunk.
  if (LESSON_PLAN_PATH.test(pathname))
    void import('../features/trc/preload-lesson-plan')
      .then((m) => {
        const id = m.lessonPlanIdOf(pathname);
        if (id) m.preloadLessonPlanAtStart(queryClient, client, id);
      })
      .catch(() => {});
}
