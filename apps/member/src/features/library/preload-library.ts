import { type ApiClient, categoriesQueryOptions, videosQueryOptions } from '@dance/api-client';
import type { TCategory } from '@dance/domain';
import { readListState } from '@dance/ui';
import type { QueryClient } from '@tanstack/react-query';
import { listQueryOf, type SectionSource, SORTS_WITH_SHUFFLE } from '../../shared/videos/list-query';
import { namespaceOf, selectLibraryCategories } from './library-categories';

/**
 * The first page of each list a library address shows, asked for as the app starts rather than once the
 * page's sections have rendered (over a second later on a slow phone: the first card's image, the page's
 * largest paint, waited for it; issue 21 item 3, decision 0065). Each section then finds its page cached,
 * under the same query (`listQueryOf`). A view being redirected (`?tag=`) is left to the page.
 */
export async function preloadLibraryAtStart(
  queryClient: QueryClient,
  client: ApiClient,
  pathname: string,
  search: string,
): Promise<void> {
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (params.has('tag')) return;
  const asked: Promise<void>[] = [];
  const prefetch = (source: SectionSource, namespace?: string) => {
    const state = readListState(params, { namespace, defaultSort: 'latest', sorts: SORTS_WITH_SHUFFLE });
    asked.push(queryClient.prefetchQuery(videosQueryOptions(client, listQueryOf(source, state))));
  };
  if (path === '/library') {
    prefetch({ kind: 'library' });
    await Promise.all(asked);
    return;
  }
  let categories: TCategory[];
  try {
    categories = selectLibraryCategories(
      (await queryClient.fetchQuery(categoriesQueryOptions(client))).items,
    );
  } catch {
    return; // The page shows the failure when it reads the query.
  }
  if (path === '/allvideos') {
    for (const category of categories)
      prefetch({ kind: 'library', categoryId: category.id }, namespaceOf(category));
  } else {
    const category = categories.find((c) => c.routePath?.toLowerCase() === path);
    if (category) prefetch({ kind: 'library', categoryId: category.id });
  }
  // Settles once each list is in the cache (or failed): the server's render waits for it (decision 0071).
  await Promise.all(asked);
}
