import { ApiError, pathKey, queryKeyOf, queryKeys, useApiClient } from '@dance/api-client';
import {
  API_PREFIX,
  adminInstructorEndpoints,
  catalogueEndpoints,
  type TCreateInstructorRequest,
  type TSessionResponse,
  type TUpdateInstructorRequest,
  UPLOAD_PATH,
  ZProblem,
  ZUploadResponse,
} from '@dance/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminInstructors() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminInstructorEndpoints.list),
    queryFn: () => client.call(adminInstructorEndpoints.list),
  });
}

function useRefreshInstructors() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(adminInstructorEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(catalogueEndpoints.instructors) }),
      queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') }),
    ]);
}

export function useSaveInstructor() {
  const client = useApiClient();
  const refresh = useRefreshInstructors();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string | null;
      body: TCreateInstructorRequest & TUpdateInstructorRequest;
    }) =>
      id
        ? client.call(adminInstructorEndpoints.update, { params: { id }, body })
        : client.call(adminInstructorEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteInstructor() {
  const client = useApiClient();
  const refresh = useRefreshInstructors();
  return useMutation({
    mutationFn: (id: string) => client.call(adminInstructorEndpoints.remove, { params: { id } }),
    onSuccess: refresh,
  });
}

/**
 * Uploads an instructor photo through POST /files (multipart: purpose, then file) and answers its URL.
 * The typed client speaks JSON only, so this sends the session's CSRF token itself.
 */
export async function uploadInstructorImage(queryClient: QueryClient, file: File): Promise<string> {
  const session = queryClient.getQueryData<TSessionResponse | null>(queryKeys.session);
  const body = new FormData();
  body.append('purpose', 'instructor');
  body.append('file', file);
  const response = await fetch(`${API_PREFIX}${UPLOAD_PATH}`, {
    method: 'POST',
    body,
    credentials: 'include',
    headers: session ? { 'x-csrf-token': session.csrfToken } : {},
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = ZProblem.safeParse(payload);
    throw new ApiError(
      response.status,
      problem.success ? (problem.data.code as ApiError['code']) : 'UNKNOWN',
      problem.success ? problem.data.message : 'Failed to upload image. Please try again later.',
      problem.success ? problem.data : null,
    );
  }
  return ZUploadResponse.parse(payload).url;
}
