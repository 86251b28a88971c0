import { followLive, pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { INBOX_EVENT, inboxChannel, notificationEndpoints } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const inboxKey = queryKeyOf(notificationEndpoints.inbox);

/** The member's inbox and unread count, refreshed live when a notification arrives (the SSE channel). */
export function useInbox(userId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: pathKey('/notifications') });
    return followLive(inboxChannel(userId), { [INBOX_EVENT]: refresh, reset: refresh });
  }, [userId, queryClient]);
  return useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => client.call(notificationEndpoints.inbox, { query: {}, signal }),
    // A safety net behind proxies that buffer the live stream.
    refetchInterval: 5 * 60_000,
  });
}

export function useSetRead() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isRead, opened = false }: { id: string; isRead: boolean; opened?: boolean }) =>
      client.call(notificationEndpoints.setRead, { params: { id }, body: { isRead, opened } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/notifications') }),
  });
}

export function useReadAll() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(notificationEndpoints.readAll, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/notifications') }),
  });
}
