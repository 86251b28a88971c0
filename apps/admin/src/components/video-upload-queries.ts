import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminUploadEndpoints, PLAYER_LIMITS } from '@dance/domain';
import { useMutation, useQuery } from '@tanstack/react-query';

// The video upload pipeline's calls, shared by the upload wizard and the TRC content form.

export function useCreateDirectUpload() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (title: string) => client.call(adminUploadEndpoints.createDirectUpload, { body: { title } }),
  });
}

/** The upload's status, polled every 4 s until it is ready or failed (spec 3 §4, §9). */
export function useUploadStatus(uploadId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminUploadEndpoints.directUploadStatus, { params: { uploadId } }),
    queryFn: ({ signal }) =>
      client.call(adminUploadEndpoints.directUploadStatus, { params: { uploadId: uploadId! }, signal }),
    enabled: uploadId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'ready' || status === 'errored' ? false : PLAYER_LIMITS.uploadPollMs;
    },
    refetchIntervalInBackground: true,
    retry: 2,
  });
}

export function useImportAsset() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (assetId: string) => client.call(adminUploadEndpoints.muxAsset, { query: { assetId } }),
  });
}

/**
 * PUTs the file to the direct-upload URL (the API's signed URL, or Mux's storage URL), with progress.
 * Aborting `signal` stops the transfer (the admin left the page: the upload is not finished in the background).
 */
export function putFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else {
        let message = '';
        try {
          message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? '';
        } catch {
          message = '';
        }
        reject(new Error(message || `Upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.send(file);
  });
}
