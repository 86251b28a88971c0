import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  type AdminNotificationKind,
  adminNotificationEndpoints,
  type TGroupNotificationInput,
  type TScheduleInput,
  type TSendNotificationInput,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The sent list; refreshed every 5 s while a notification is still going out (its counts move). */
export function useSentNotifications(page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminNotificationEndpoints.list, { query: { page } }),
    queryFn: ({ signal }) => client.call(adminNotificationEndpoints.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((n) => n.state === 'queued' || n.state === 'sending') ? 5000 : false,
  });
}

export function useRecipientCounts(kind: AdminNotificationKind) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminNotificationEndpoints.recipients, { query: { kind } }),
    queryFn: ({ signal }) => client.call(adminNotificationEndpoints.recipients, { query: { kind }, signal }),
  });
}

export function useSendNotification() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { body: TSendNotificationInput } | { body: TGroupNotificationInput; isGroup: true },
    ) =>
      'isGroup' in input
        ? client.call(adminNotificationEndpoints.sendToGroup, { body: input.body })
        : client.call(adminNotificationEndpoints.send, { body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/notifications') }),
  });
}

export function useSchedules() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminNotificationEndpoints.schedules),
    queryFn: ({ signal }) => client.call(adminNotificationEndpoints.schedules, { signal }),
  });
}

function useScheduleMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/notification-schedules') }),
  });
}

export function useSaveSchedule() {
  const client = useApiClient();
  return useScheduleMutation(({ id, body }: { id?: string; body: TScheduleInput }) =>
    id
      ? client.call(adminNotificationEndpoints.updateSchedule, { params: { id }, body })
      : client.call(adminNotificationEndpoints.createSchedule, { body }),
  );
}

export function usePauseSchedule() {
  const client = useApiClient();
  return useScheduleMutation(({ id, isPaused }: { id: string; isPaused: boolean }) =>
    client.call(adminNotificationEndpoints.pauseSchedule, { params: { id }, body: { isPaused } }),
  );
}

export function useDeleteSchedule() {
  const client = useApiClient();
  return useScheduleMutation((id: string) =>
    client.call(adminNotificationEndpoints.removeSchedule, { params: { id } }),
  );
}
