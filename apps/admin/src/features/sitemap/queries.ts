import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminSitemapEndpoints } from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The generated sitemap: /sitemap.xml (file 0) or one of its parts. Spec 3's Sitemap screen builds its XML from
 * "a routes call" (§7 Sitemap: GET /api/getAllRoutes, served as GET /api/v1/sitemap/routes); how the sitemap
 * itself is served and fed is, in the spec's words for such calls, "path not shown". Here the screen reads the
 * files crawlers read (/sitemap.xml and /sitemaps/{n}.xml, stored whole: decisions 0032 and 0053) through
 * GET /api/v1/admin/sitemap?file=, and there is no fallback list (private pages are never listed).
 */
export function useSitemap(file: number) {
  const client = useApiClient();
  const query = { file };
  return useQuery({
    queryKey: queryKeyOf(adminSitemapEndpoints.get, { query }),
    queryFn: ({ signal }) => client.call(adminSitemapEndpoints.get, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
