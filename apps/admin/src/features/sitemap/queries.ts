import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminSitemapEndpoints } from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** The generated sitemap: /sitemap.xml (file 0) or one of its parts. */
export function useSitemap(file: number) {
  const client = useApiClient();
  const query = { file };
  return useQuery({
    queryKey: queryKeyOf(adminSitemapEndpoints.get, { query }),
    queryFn: ({ signal }) => client.call(adminSitemapEndpoints.get, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
