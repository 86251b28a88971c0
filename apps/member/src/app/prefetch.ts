import {
  type ApiClient,
  categoriesQueryOptions,
  homeQueryOptions,
  sessionQueryOptions,
} from '@dance/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { preloadHomeImages } from '../features/home/preload-home-images';

const HOME_PATHS = new Set(['/', '/home']);

/**
 * Asks for the first page's data as the app starts, so the answers arrive while React renders the shell
 * rather than being asked for after its first paint (queries start from effects). The home page's largest
 * paint waits on its answer and then on its images, which start loading as soon as the answer is here.
 */
export function prefetchFirstPage(queryClient: QueryClient, client: ApiClient, pathname: string): void {
  void queryClient.prefetchQuery(sessionQueryOptions(client));
  if (HOME_PATHS.has(pathname.toLowerCase().replace(/(.)\/$/, '$1'))) {
    void queryClient.fetchQuery(homeQueryOptions(client)).then(preloadHomeImages, () => {
      // The page shows the failure when it reads the query.
    });
    void queryClient.prefetchQuery(categoriesQueryOptions(client));
  }
}
