import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { popupEndpoints, type TPopupInput } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function usePopups() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(popupEndpoints.list),
    queryFn: ({ signal }) => client.call(popupEndpoints.list, { signal }),
  });
}

export function usePopup(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(popupEndpoints.get, { params: { id: id ?? '' } }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/popups') }),
  });
}

export function useDeletePopup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(popupEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/popups') }),
  });
}
