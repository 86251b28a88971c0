import { ApiError } from '@dance/api-client';
import { MESSAGES, type SocialPlatform, type TAdminInstructor, UPLOAD_IMAGE_TYPES } from '@dance/domain';
import { toast } from '@dance/ui';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Input,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPhotoUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import {
  type InstructorValues,
  newSocialRow,
  platformOptions,
  socialsToSave,
  toInstructorValues,
  validateInstructor,
} from './instructor-form';
import { uploadInstructorImage, useSaveInstructor } from './queries';
import { SocialIcon } from './social-icon';

const IMAGE_TYPES = UPLOAD_IMAGE_TYPES.join(',');

interface InstructorDialogProps {
  /** `null` closed, `'new'` adds, an instructor edits. */
  target: TAdminInstructor | 'new' | null;
  onClose: () => void;
}

/** The add/edit dialog of spec 3 §2: name, bio, image and social rows. */
export function InstructorDialog({ target, onClose }: InstructorDialogProps) {
  const isOpen = target !== null;
  const instructor = target === 'new' ? null : target;
  const isMobile = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const save = useSaveInstructor();
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const form = useForm<InstructorValues>({
    initialValues: toInstructorValues(null),
    validate: validateInstructor,
  });

  const guard = useUnsavedChangesGuard(isOpen && form.isDirty());
  const requestClose = async () => {
    if (await guard.confirmLeave()) onClose();
  };

  useEffect(() => {
    if (!isOpen) return;
    const values = toInstructorValues(instructor);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setUploadError(null);
    save.reset();
  }, [target]);

  async function handleFile(file: File | null) {
    if (!file) return;
    setIsUploading(true);
    setUploadError(null);
    try {
      form.setFieldValue('imageUrl', await uploadInstructorImage(queryClient, file));
    } catch (error) {
      setUploadError(
        error instanceof ApiError && error.status !== 500
          ? error.message
          : 'Failed to upload image. Please try again later.',
      );
    } finally {
      setIsUploading(false);
    }
  }

  const handleSubmit = form.onSubmit((values) => {
    const body = {
      name: values.name.trim(),
      bio: values.bio.trim(),
      imageUrl: values.imageUrl,
      socials: socialsToSave(values.socials),
    };
    save.mutate(
      { id: instructor?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.success(instructor ? `${saved.name} updated` : `${saved.name} added`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problem?.fields) form.setErrors(error.problem.fields);
        },
      },
    );
  });

  const serverError =
    save.error instanceof ApiError && save.error.status !== 401 && !save.error.problem?.fields
      ? save.error.message || MESSAGES.somethingWentWrong
      : null;

  return (
    <Modal
      opened={isOpen}
      onClose={requestClose}
      title={
        <Text fw={800} fz="lg">
          {instructor ? 'Edit instructor' : 'Add instructor'}
        </Text>
      }
      size="lg"
      radius="lg"
      fullScreen={isMobile}
      closeOnClickOutside={!form.isDirty()}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group gap="md" align="center" wrap="nowrap">
            <Avatar
              src={form.values.imageUrl}
              alt=""
              size={84}
              radius="xl"
              color="stage"
              name={form.values.name || undefined}
            >
              {form.values.name ? undefined : <IconPhotoUp size={30} />}
            </Avatar>
            <Stack gap={6}>
              <Group gap="xs">
                <FileButton onChange={handleFile} accept={IMAGE_TYPES}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      size="xs"
                      loading={isUploading}
                      leftSection={<IconPhotoUp size={16} />}
                    >
                      {form.values.imageUrl ? 'Replace image' : 'Upload image'}
                    </Button>
                  )}
                </FileButton>
                {form.values.imageUrl && (
                  <Button
                    variant="subtle"
                    color="gray"
                    size="xs"
                    leftSection={<IconX size={14} />}
                    onClick={() => form.setFieldValue('imageUrl', null)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
              <Text size="xs" c={uploadError ? 'red' : 'dimmed'} role={uploadError ? 'alert' : undefined}>
                {uploadError ?? 'PNG, JPEG, GIF or SVG, up to 50 MB.'}
              </Text>
            </Stack>
          </Group>

          <TextInput label="Name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
          <Textarea
            label="Bio"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={5000}
            {...form.getInputProps('bio')}
          />

          <Input.Wrapper
            label="Social links"
            description="Leave the first row empty for an instructor without links"
          >
            <Stack gap="xs" mt={6}>
              {form.values.socials.map((row, index) => (
                <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
                  <Select
                    w={{ base: 128, xs: 150 }}
                    aria-label={`Platform ${index + 1}`}
                    placeholder="Platform"
                    data={platformOptions(row.platform)}
                    leftSection={<SocialIcon platform={row.platform} />}
                    {...form.getInputProps(`socials.${index}.platform`)}
                    onChange={(value) => {
                      form.setFieldValue(`socials.${index}.platform`, value as SocialPlatform | null);
                      form.clearFieldError(`socials.${index}.platform`);
                    }}
                  />
                  <TextInput
                    flex={1}
                    aria-label={`URL ${index + 1}`}
                    placeholder="https://"
                    {...form.getInputProps(`socials.${index}.url`)}
                  />
                  <Tooltip label={index === 0 ? 'The first row cannot be removed' : 'Remove'}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={2}
                      disabled={index === 0}
                      aria-label={`Remove social link ${index + 1}`}
                      onClick={() => form.removeListItem('socials', index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              <Button
                variant="subtle"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('socials', newSocialRow())}
              >
                Add social link
              </Button>
            </Stack>
          </Input.Wrapper>

          {serverError && (
            <Alert color="red" icon={<IconAlertTriangle />}>
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={isUploading}>
              {instructor ? 'Save' : 'Add instructor'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
