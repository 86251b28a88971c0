import { type ApiClient, queryKeys } from '@dance/api-client';
import { FIRST_PAGE_MESSAGES } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { toastLater } from '../shared/toast-later';

/**
 * The one place that reacts to a lost session (an API call answered 401 after we had a session):
 * forget the user, say so, and send them to the login page.
 */
export function registerSessionExpiredHandler(
  client: ApiClient,
  queryClient: QueryClient,
  navigate: (to: string) => unknown,
): () => void {
  client.setSessionExpiredHandler(() => {
    queryClient.setQueryData(queryKeys.session, null);
    toastLater('error', FIRST_PAGE_MESSAGES.pleaseLoginAgain);
    void navigate('/login');
  });
  return () => client.setSessionExpiredHandler(null);
}
