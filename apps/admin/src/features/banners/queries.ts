import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { bannerEndpoints, type TBannerInput } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useBanners() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(bannerEndpoints.list),
    queryFn: ({ signal }) => client.call(bannerEndpoints.list, { signal }),
  });
}

export function useBanner(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(bannerEndpoints.get, { params: { id: id ?? '' } }),
    queryFn: ({ signal }) => client.call(bannerEndpoints.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSaveBanner() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TBannerInput }) =>
      id
        ? client.call(bannerEndpoints.update, { params: { id }, body })
        : client.call(bannerEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/banners') }),
  });
}

export function useSetBannerStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      client.call(bannerEndpoints.setStatus, { params: { id }, body: { isActive } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/banners') }),
  });
}

export function useDeleteBanner() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(bannerEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/banners') }),
  });
}
