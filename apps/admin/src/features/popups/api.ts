import { useApiClient } from '@dance/api-client';
import { popupEndpoints, type TPopupInput } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const popupKeys = {
  all: ['admin', 'popups'] as const,
  one: (id: string) => ['admin', 'popups', id] as const,
};

export function usePopups() {
  const client = useApiClient();
  return useQuery({
    queryKey: popupKeys.all,
    queryFn: ({ signal }) => client.call(popupEndpoints.list, { signal }),
  });
}

export function usePopup(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: popupKeys.one(id ?? ''),
    queryFn: ({ signal }) => client.call(popupEndpoints.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSavePopup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TPopupInput }) =>
      id
        ? client.call(popupEndpoints.update, { params: { id }, body })
        : client.call(popupEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: popupKeys.all }),
  });
}

export function useDeletePopup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(popupEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: popupKeys.all }),
  });
}
