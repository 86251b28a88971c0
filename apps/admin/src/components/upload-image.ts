import { ApiError } from '@dance/api-client';
import { API_PREFIX, UPLOAD_PATH, type UploadPurpose, ZProblem, ZUploadResponse } from '@dance/domain';

/**
 * Uploads an image through POST /files (multipart: purpose, then file) and answers its URL, which the form
 * then saves (the spec's "image uploaded first, its link then used").
 */
export async function uploadImage(file: File, purpose: UploadPurpose, csrfToken: string): Promise<string> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${UPLOAD_PATH}`, {
      method: 'POST',
      body,
      credentials: 'include',
      headers: { 'x-csrf-token': csrfToken, accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'No response from the server.', null);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = ZProblem.safeParse(payload);
    throw new ApiError(
      response.status,
      problem.success ? (problem.data.code as ApiError['code']) : 'UNKNOWN',
      problem.success ? problem.data.message : response.statusText,
      problem.success ? problem.data : null,
    );
  }
  return ZUploadResponse.parse(payload).url;
}
