import { ApiError } from '@dance/api-client';
import {
  LEVELS,
  RELEASE_DATE_PAST_MESSAGE,
  RELEASE_DATE_REQUIRED_MESSAGE,
  type TAdminVideo,
  todayInNewYork,
} from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { RichTextInput } from '../../components/rich-text-input';
import { scrollToTop } from '../../components/scroll-to-top';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { CountGridEditor } from './count-grid-editor';
import { useAllInstructors, useUpdateVideo, useVideoFormOptions } from './queries';
import { formatDuration } from './text';

interface EditValues {
  title: string;
  description: string;
  shortDescription: string;
  categoryId: string | null;
  instructorId: string | null;
  levels: string[];
  tagIds: string[];
  productIds: string[];
  keywords: string[];
  releaseDate: string;
}

const toValues = (video: TAdminVideo | null): EditValues => ({
  title: video?.title ?? '',
  description: video?.description ?? '',
  shortDescription: video?.shortDescription ?? '',
  categoryId: video?.category?.id ?? null,
  instructorId: video?.instructor?.id ?? null,
  levels: video?.levels ?? [],
  tagIds: video?.tags.map((t) => t.id) ?? [],
  productIds: video?.products.map((p) => p.id) ?? [],
  keywords: video?.keywords ?? [],
  releaseDate: video?.releaseDate ?? '',
});

/**
 * The edit modal of spec 3 §2/§4: open, save or cancel. Video link, trailer link and duration are shown
 * read-only; saving reloads the list.
 */
export function EditVideoModal({ video, onClose }: { video: TAdminVideo | null; onClose: () => void }) {
  const isOpen = video !== null;
  const isMobile = useMediaQuery('(max-width: 48em)');
  const options = useVideoFormOptions(isOpen);
  const instructors = useAllInstructors(isOpen);
  const updateVideo = useUpdateVideo();
  const today = todayInNewYork();

  const form = useForm<EditValues>({
    initialValues: toValues(null),
    validate: {
      title: (value) => (value.trim() ? null : 'Title is required'),
      releaseDate: (value) => {
        if (!value) return RELEASE_DATE_REQUIRED_MESSAGE;
        // An already released video keeps its date; a new date is today or later in New York.
        if (value !== video?.releaseDate && value < today) return RELEASE_DATE_PAST_MESSAGE;
        return null;
      },
    },
  });

  const guard = useUnsavedChangesGuard(isOpen && form.isDirty());
  const requestClose = async () => {
    if (await guard.confirmLeave()) onClose();
  };

  useEffect(() => {
    if (video) {
      form.setValues(toValues(video));
      form.resetDirty(toValues(video));
      form.clearErrors();
      updateVideo.reset();
    }
  }, [video?.id]);

  const handleSubmit = form.onSubmit((values) => {
    if (!video) return;
    updateVideo.mutate(
      { id: video.id, body: values as Parameters<typeof updateVideo.mutate>[0]['body'] },
      {
        onSuccess: () => {
          toast.success('Video updated');
          onClose();
          scrollToTop();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problem?.fields) form.setErrors(error.problem.fields);
        },
      },
    );
  });

  // Options include what the video already has, so nothing vanishes while the lists load.
  const tagData = mergeOptions(
    options.tags.map((t) => ({ value: t.id, label: t.name })),
    video?.tags.map((t) => ({ value: t.id, label: t.name })),
  );
  const productData = mergeOptions(
    options.products.map((p) => ({ value: p.id, label: p.subname ? `${p.title} · ${p.subname}` : p.title })),
    video?.products.map((p) => ({ value: p.id, label: p.title })),
  );
  const instructorData = mergeOptions(
    (instructors.data?.items ?? options.instructors).map((i) => ({ value: i.id, label: i.name })),
    video?.instructor ? [{ value: video.instructor.id, label: video.instructor.name }] : [],
  );
  const categoryData = mergeOptions(
    options.categories.map((c) => ({ value: c.id, label: c.name })),
    video?.category ? [{ value: video.category.id, label: video.category.name }] : [],
  );
  const serverError =
    updateVideo.error instanceof ApiError &&
    updateVideo.error.status !== 401 &&
    !updateVideo.error.problem?.fields
      ? updateVideo.error.message
      : null;

  return (
    <Modal
      opened={isOpen}
      onClose={requestClose}
      title={
        <Text fw={800} fz="lg">
          Edit video
        </Text>
      }
      size="xl"
      fullScreen={isMobile}
      radius="lg"
      closeOnClickOutside={!form.isDirty()}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <Textarea
            label="Short description"
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('shortDescription')}
          />
          <RichTextInput
            label="Description"
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description as string | undefined}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              placeholder="No category"
              data={categoryData}
              clearable
              searchable
              {...form.getInputProps('categoryId')}
            />
            <Select
              label="Instructor"
              placeholder="No instructor"
              data={instructorData}
              clearable
              searchable
              nothingFoundMessage="No instructor found"
              {...form.getInputProps('instructorId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label="Levels"
              data={[...LEVELS]}
              placeholder="Pick levels"
              {...form.getInputProps('levels')}
            />
            <TextInput
              type="date"
              label="Release date"
              description="Goes live at 12:00 AM New York time"
              withAsterisk
              min={today}
              {...form.getInputProps('releaseDate')}
            />
          </SimpleGrid>
          <MultiSelect
            label="Tags"
            data={tagData}
            searchable
            clearable
            placeholder="Search tags"
            nothingFoundMessage="No tag found"
            {...form.getInputProps('tagIds')}
          />
          <TagsInput
            label="Keywords"
            description="Press Enter or Tab to add a keyword"
            placeholder="Add a keyword"
            clearable
            acceptValueOnBlur
            splitChars={[',']}
            {...form.getInputProps('keywords')}
            onChange={(values) =>
              form.setFieldValue(
                'keywords',
                values
                  .map((v) => v.trim())
                  .filter(
                    (v, i, all) => v && all.findIndex((x) => x.toLowerCase() === v.toLowerCase()) === i,
                  ),
              )
            }
            onKeyDown={(event) => {
              // Tab adds the typed keyword too (spec 3 §5), like Enter.
              const input = event.currentTarget;
              if (event.key === 'Tab' && input.value.trim()) {
                event.preventDefault();
                form.setFieldValue('keywords', [...form.values.keywords, input.value]);
                input.value = '';
              }
            }}
          />
          <MultiSelect
            label="Products"
            data={productData}
            searchable
            clearable
            placeholder="Search products"
            nothingFoundMessage="No product found"
            {...form.getInputProps('productIds')}
          />

          <Divider label="Media (read-only)" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ReadOnlyField label="Video link" value={video?.videoUrl ?? ''} />
            <ReadOnlyField label="Trailer link" value={video?.trailerUrl ?? ''} />
            <ReadOnlyField label="Duration" value={video ? formatDuration(video.durationSeconds) : ''} />
          </SimpleGrid>

          {serverError && (
            <Alert color="red" icon={<IconAlertTriangle />}>
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateVideo.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {video && (
        <Stack mt="lg">
          <Divider />
          <CountGridEditor videoId={video.id} />
        </Stack>
      )}
    </Modal>
  );
}

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value || '—'}
      readOnly
      variant="filled"
      rightSection={<IconLock size={14} />}
      styles={{ input: { cursor: 'default' } }}
    />
  );
}

function mergeOptions(
  primary: { value: string; label: string }[],
  extra: { value: string; label: string }[] = [],
): { value: string; label: string }[] {
  const seen = new Set(primary.map((o) => o.value));
  return [...primary, ...extra.filter((o) => !seen.has(o.value))];
}
