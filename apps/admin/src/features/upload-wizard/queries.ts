import { useApiClient } from '@dance/api-client';
import { adminUploadEndpoints, type TUploadVideoBody } from '@dance/domain';
import { useMutation } from '@tanstack/react-query';

export function useChapterThumbnail() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: { playbackId?: string; timecode?: number }) =>
      client.call(adminUploadEndpoints.chapterThumbnail, { body }),
  });
}

export function useUploadVideo() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: TUploadVideoBody) => client.call(adminUploadEndpoints.uploadVideo, { body }),
  });
}
