import { useSession } from '@dance/api-client';
import {
  API_PREFIX,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_PATH,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  ZUploadResponse,
} from '@dance/domain';
import { toast } from '@dance/ui';
import { Button, FileButton } from '@mantine/core';
import { useState } from 'react';
import { useSetProfileImage } from './queries';

const IMAGE_TYPES = UPLOAD_IMAGE_TYPES;

/** Checked before upload; the server checks again (size cap, type sniffed from the bytes). */
export function checkProfileImage(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return UPLOAD_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE_MESSAGE;
  return null;
}

/** Uploads through POST /files (purpose profile-image), then sets it as the account image. */
export function ProfileImageButton() {
  const session = useSession();
  const setImage = useSetProfileImage();
  const [isUploading, setIsUploading] = useState(false);

  async function uploadImage(file: File | null) {
    if (!file) return;
    const problem = checkProfileImage(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setIsUploading(true);
    try {
      const form = new FormData();
      form.append('purpose', 'profile-image');
      form.append('file', file);
      const response = await fetch(`${API_PREFIX}${UPLOAD_PATH}`, {
        method: 'POST',
        body: form,
        credentials: 'include',
        headers: { 'x-csrf-token': session.data?.csrfToken ?? '' },
      });
      if (!response.ok) throw new Error(`upload ${response.status}`);
      const { url } = ZUploadResponse.parse(await response.json());
      await setImage.mutateAsync(url);
      toast.success(MESSAGES.imageReplaced);
    } catch {
      toast.error(MESSAGES.imageUploadFailed);
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <FileButton onChange={uploadImage} accept={IMAGE_TYPES.join(',')}>
      {(props) => (
        <Button {...props} size="xs" radius="xl" variant="white" loading={isUploading}>
          Change photo
        </Button>
      )}
    </FileButton>
  );
}
