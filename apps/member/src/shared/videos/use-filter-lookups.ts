import { useInstructors, useProducts, useTags } from '@dance/api-client';
import { MESSAGES, memberFilterTags } from '@dance/domain';
import { type LookupProps, toast, useIsIdleAfterPaint } from '@dance/ui';
import { useEffect, useMemo, useState } from 'react';

/**
 * The data of the filter panel: tags, and the instructor and product look-ups that search the server
 * as the user types. `names` turns applied ids back into labels for the active-filter pills.
 */
export function useFilterLookups({
  isPanelOpen,
  hasAppliedFilters,
}: {
  isPanelOpen: boolean;
  /** Applied filters are named at once (their pills); otherwise the lists wait for the page to be idle. */
  hasAppliedFilters: boolean;
}) {
  const [instructorQuery, setInstructorQuery] = useState('');
  const [productQuery, setProductQuery] = useState('');
  // Nothing of the first screen shows them: asked for during hydration, their requests started in its commit
  // and their answers re-rendered the section while the slow phone was still starting (issue 21 item 3). Asked
  // for once the page is idle, they are in the cache before the panel opens.
  const isIdle = useIsIdleAfterPaint();
  const isWanted = isPanelOpen || hasAppliedFilters || isIdle;
  const tags = useTags({ isEnabled: isWanted });
  // The unfiltered lists name the applied filters; searches run only while the panel is open.
  const allInstructors = useInstructors('', { isEnabled: isWanted });
  const allProducts = useProducts('', { isEnabled: isWanted });
  const instructors = useInstructors(instructorQuery, { isEnabled: isPanelOpen });
  const products = useProducts(productQuery, { isEnabled: isPanelOpen });

  // The spec's texts for a failed look-up (spec 1 §8, spec 2 §8).
  useEffect(() => {
    if (products.isError) toast.error(MESSAGES.failedToFetchProducts);
  }, [products.isError]);
  useEffect(() => {
    if (instructors.isError) toast.error(MESSAGES.instructorsFetchFailed);
  }, [instructors.isError]);

  const instructorLookup: LookupProps = useMemo(
    () => ({
      options: (instructors.data ?? []).map((i) => ({ value: i.id, label: i.name })),
      isLoading: instructors.isFetching,
      onQueryChange: setInstructorQuery,
    }),
    [instructors.data, instructors.isFetching],
  );
  const productLookup: LookupProps = useMemo(
    () => ({
      options: (products.data ?? []).map((p) => ({ value: p.id, label: p.title, description: p.subname })),
      isLoading: products.isFetching,
      onQueryChange: setProductQuery,
    }),
    [products.data, products.isFetching],
  );
  const names = useMemo(
    () => ({
      tags: new Map((tags.data ?? []).map((t) => [t.id, t.name])),
      instructors: new Map((allInstructors.data ?? []).map((i) => [i.id, i.name])),
      products: new Map((allProducts.data ?? []).map((p) => [p.id, p.title])),
    }),
    [tags.data, allInstructors.data, allProducts.data],
  );

  // An admin browsing the member app gets every tag from the API; the panel still leaves the internal ones out.
  const filterTags = useMemo(() => memberFilterTags(tags.data ?? []), [tags.data]);
  return { tags: filterTags, instructorLookup, productLookup, names };
}
