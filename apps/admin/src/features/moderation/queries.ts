import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  commentEndpoints,
  type TModerationQuery,
  type TModerationStatus,
  type TUpdateModerationSettings,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type ModerationTab = 'comments' | 'images';
export interface ModerationFilters {
  status: TModerationStatus | null;
  start: string | null;
  end: string | null;
  page: number;
}

const queryOf = (filters: ModerationFilters): TModerationQuery => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.start ? { start: filters.start } : {}),
  ...(filters.end ? { end: filters.end } : {}),
  page: filters.page,
});

export function useModerationComments(filters: ModerationFilters, isEnabled: boolean) {
  const client = useApiClient();
  const query = queryOf(filters);
  return useQuery({
    queryKey: queryKeyOf(commentEndpoints.moderationComments, { query }),
    queryFn: ({ signal }) => client.call(commentEndpoints.moderationComments, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useModerationImages(filters: ModerationFilters, isEnabled: boolean) {
  const client = useApiClient();
  const query = queryOf(filters);
  return useQuery({
    queryKey: queryKeyOf(commentEndpoints.moderationImages, { query }),
    queryFn: ({ signal }) => client.call(commentEndpoints.moderationImages, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** Everything under /admin/moderation: the lists, the settings. */
const moderationKey = pathKey('/admin/moderation');

export function useDecide(tab: ModerationTab) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, approve }: { id: string; approve: boolean }): Promise<{ id: string }> =>
      tab === 'comments'
        ? client.call(commentEndpoints.decideComment, { params: { commentId: id }, body: { approve } })
        : client.call(commentEndpoints.decideImage, { params: { imageId: id }, body: { approve } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}

export function useMute() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; muted: boolean }) =>
      client.call(commentEndpoints.mute, { params: { userId }, body: { muted } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}

export function useModerationSettings() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(commentEndpoints.settings),
    queryFn: ({ signal }) => client.call(commentEndpoints.settings, { signal }),
  });
}

export function useUpdateSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateModerationSettings) => client.call(commentEndpoints.updateSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeyOf(commentEndpoints.settings), settings),
  });
}
