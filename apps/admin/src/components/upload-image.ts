import { postForm } from '@dance/api-client';
import { API_PREFIX, UPLOAD_PATH, type UploadPurpose, ZUploadResponse } from '@dance/domain';

/**
 * Uploads an image through POST /files (multipart: purpose, then file) and answers its URL, which the form
 * then saves (the spec's "image uploaded first, its link then used").
 */
export async function uploadImage(file: File, purpose: UploadPurpose, csrfToken: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return ZUploadResponse.parse(await postForm(`${API_PREFIX}${UPLOAD_PATH}`, form, csrfToken)).url;
}
