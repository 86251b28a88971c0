import { type ListSort, type ListState, readListState, writeListState } from '@dance/ui';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters, sort and page, kept in the URL's search params (namespaced when several lists share
 * a page) so a view can be shared and reloaded. Changing filters or sort goes back to page 1.
 */
export function useListState({
  namespace,
  defaultSort = 'latest',
  sorts,
}: {
  namespace?: string;
  defaultSort?: ListSort;
  sorts?: readonly ListSort[];
} = {}) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => readListState(params, { namespace, defaultSort, sorts }),
    [params, namespace, defaultSort, sorts],
  );

  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        (current) => {
          const previous = readListState(current, { namespace, defaultSort, sorts });
          const isNewView = change.filters !== undefined || change.sort !== undefined;
          const next: ListState = {
            ...previous,
            ...change,
            page: change.page ?? (isNewView ? 1 : previous.page),
          };
          return writeListState(current, next, { namespace, defaultSort });
        },
        // Page flips and filter changes are steps the back button should undo.
        { preventScrollReset: true },
      );
    },
    [setParams, namespace, defaultSort, sorts],
  );

  return { state, update };
}
