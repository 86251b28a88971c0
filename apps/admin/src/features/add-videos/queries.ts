import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { addVideoEndpoints, catalogueEndpoints, type TCreateVideoRequest } from '@dance/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Fetch by id: the video host's title, description, thumbnail, duration and link. */
export function useFetchVimeoVideo() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (vimeoId: string) => client.call(addVideoEndpoints.vimeoVideo, { params: { vimeoId } }),
  });
}

export function useCreateVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateVideoRequest) => client.call(addVideoEndpoints.createVideo, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(catalogueEndpoints.instructors) });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(catalogueEndpoints.tags) });
    },
  });
}
