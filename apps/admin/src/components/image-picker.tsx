import { UPLOAD_IMAGE_TYPES } from '@dance/domain';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';

interface ImagePickerProps {
  label: string;
  /** The saved image link, if any. */
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string | null;
  aspectRatio?: number;
  isRequired?: boolean;
}

/** Choose an image file; it is uploaded when the form is submitted. Shows the chosen or saved image. */
export function ImagePicker({
  label,
  currentUrl,
  file,
  onFileChange,
  error,
  aspectRatio = 16 / 5,
  isRequired = true,
}: ImagePickerProps) {
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const src = preview ?? currentUrl;

  return (
    <Input.Wrapper label={label} withAsterisk={isRequired} error={error}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <Stack gap="sm">
          {src ? (
            <Image src={src} alt={`${label} preview`} radius="sm" fit="cover" style={{ aspectRatio }} />
          ) : (
            <Stack
              align="center"
              justify="center"
              gap={4}
              style={{ aspectRatio, background: 'var(--mantine-color-default-hover)', borderRadius: 6 }}
            >
              <IconPhotoUp size={32} color="var(--mantine-color-gray-6)" />
              <Text size="sm" c="dimmed">
                GIF, JPEG, PNG or SVG, up to 50 MB
              </Text>
            </Stack>
          )}
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed" truncate>
              {file ? file.name : currentUrl ? 'Current image' : 'No image chosen'}
            </Text>
            <FileButton onChange={onFileChange} accept={UPLOAD_IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button variant="light" size="xs" {...props}>
                  {src ? 'Replace image' : 'Choose image'}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
