import { pathKey, postForm, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  API_PREFIX,
  TRC_DOCUMENT_UPLOAD_PATH,
  type TTrcApplicationsQuery,
  type TTrcContentInput,
  type TTrcDocumentUpload,
  trcEndpoints,
  ZTrcDocumentUpload,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useApplications(query: TTrcApplicationsQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.adminApplications, { query }),
    queryFn: ({ signal }) => client.call(trcEndpoints.adminApplications, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecide() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) =>
      client.call(trcEndpoints.adminDecide, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/trc/applications') }),
  });
}

export function useTrcContentList(query: { type: 'all' | 'pdf' | 'video'; search?: string }) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.adminList, { query }),
    queryFn: ({ signal }) => client.call(trcEndpoints.adminList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTrcContentOptions() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.adminOptions),
    queryFn: ({ signal }) => client.call(trcEndpoints.adminOptions, { signal }),
  });
}

export function useTrcContent(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.adminGet, { params: { id: id ?? '' } }),
    queryFn: ({ signal }) => client.call(trcEndpoints.adminGet, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSaveTrcContent() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TTrcContentInput }) =>
      id
        ? client.call(trcEndpoints.adminUpdate, { params: { id }, body })
        : client.call(trcEndpoints.adminCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/trc') }),
  });
}

export function useDeleteTrcContent() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(trcEndpoints.adminRemove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/trc') }),
  });
}

export function usePdfFromUrl() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (url: string) => client.call(trcEndpoints.adminDocumentFromUrl, { body: { url } }),
  });
}

/** Uploads a PDF (multipart `file`); the API keeps it privately and answers its pages. */
export async function uploadPdf(file: File, csrfToken: string): Promise<TTrcDocumentUpload> {
  const form = new FormData();
  form.append('file', file);
  return ZTrcDocumentUpload.parse(
    await postForm(`${API_PREFIX}${TRC_DOCUMENT_UPLOAD_PATH}`, form, csrfToken),
  );
}
