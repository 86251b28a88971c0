import { useSession } from '@dance/api-client';
import {
  COMMENT_COUNTER_FROM,
  COMMENT_IMAGE_MAX_BYTES,
  COMMENT_MAX_IMAGES,
  COMMENT_MAX_LENGTH,
  MESSAGES,
  UPLOAD_IMAGE_TYPES,
} from '@dance/domain';
import { toast } from '@dance/ui';
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import IconPhoto from '@tabler/icons-react/dist/esm/icons/IconPhoto.mjs';
import { type KeyboardEvent, useState } from 'react';
import { uploadCommentImage } from './queries';

const IMAGE_TYPES = UPLOAD_IMAGE_TYPES;

export interface ComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Another post is in flight: this one waits (one post at a time). */
  isBusy: boolean;
  autoFocus?: boolean;
  onSubmit: (content: string, images: string[]) => Promise<boolean>;
  onCancel?: () => void;
}

/** The character counter, shown near the limit. */
export function LengthCounter({ length }: { length: number }) {
  if (length < COMMENT_COUNTER_FROM) return null;
  return (
    <Text size="xs" c={length > COMMENT_MAX_LENGTH ? 'red.8' : undefined} aria-live="polite">
      {length}/{COMMENT_MAX_LENGTH}
    </Text>
  );
}

/** Writes a comment or a reply: Enter posts, Shift+Enter breaks the line; images are uploaded as picked. */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  isBusy,
  autoFocus,
  onSubmit,
  onCancel,
}: ComposerProps) {
  const session = useSession();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const isEmpty = content.trim().length === 0;
  const isTooLong = content.length > COMMENT_MAX_LENGTH;
  const canPost = !isEmpty && !isTooLong && !isBusy && !isUploading;

  async function submit() {
    if (!canPost) return;
    if (await onSubmit(content.trim(), images)) {
      setContent('');
      setImages([]);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
    if (event.key === 'Escape' && onCancel) onCancel();
  }

  async function addImages(files: File[]) {
    const room = COMMENT_MAX_IMAGES - images.length;
    const picked = files.slice(0, Math.max(0, room));
    if (files.length > room) toast.error(`At most ${COMMENT_MAX_IMAGES} images`);
    setIsUploading(true);
    try {
      for (const file of picked) {
        if (file.size > COMMENT_IMAGE_MAX_BYTES) {
          toast.error(`Comment images must be smaller than ${COMMENT_IMAGE_MAX_BYTES / 1024 / 1024}MB`);
          continue;
        }
        const url = await uploadCommentImage(file, session.data?.csrfToken ?? '');
        setImages((current) => [...current, url]);
      }
    } catch (error) {
      toast.error(
        error instanceof Error && !/^upload \d+$/.test(error.message)
          ? error.message
          : MESSAGES.imageUploadFailed,
      );
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <Stack gap={6}>
      <Textarea
        aria-label={label}
        placeholder={placeholder}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={10}
        autoFocus={autoFocus}
        error={isTooLong ? `A comment is at most ${COMMENT_MAX_LENGTH} characters` : undefined}
      />
      {images.length > 0 && (
        <Group gap="xs">
          {images.map((url) => (
            <div key={url} style={{ position: 'relative' }}>
              <Image src={url} alt="Attached image" w={64} h={64} fit="cover" radius="sm" />
              <CloseButton
                size="xs"
                aria-label="Remove image"
                style={{ position: 'absolute', top: 2, right: 2 }}
                onClick={() => setImages((current) => current.filter((u) => u !== url))}
              />
            </div>
          ))}
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <FileButton onChange={addImages} accept={IMAGE_TYPES.join(',')} multiple>
            {(props) => (
              <ActionIcon
                {...props}
                variant="subtle"
                aria-label="Attach images"
                loading={isUploading}
                disabled={images.length >= COMMENT_MAX_IMAGES}
              >
                <IconPhoto size={18} />
              </ActionIcon>
            )}
          </FileButton>
          <LengthCounter length={content.length} />
        </Group>
        <Group gap="xs">
          {onCancel && (
            <Button variant="subtle" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button size="xs" color="pink" onClick={() => void submit()} disabled={!canPost}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
