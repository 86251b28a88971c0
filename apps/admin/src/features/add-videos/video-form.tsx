import { ApiError } from '@dance/api-client';
import {
  CONTENT_MESSAGES,
  LEVELS,
  releaseInstant,
  type TCreateVideoRequest,
  todayInNewYork,
} from '@dance/domain';
import {
  Anchor,
  Button,
  Chip,
  Group,
  Image,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCloudDownload, IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ChipItem } from '../../components/chip-list';
import { KeywordsInput } from '../../components/keywords-input';
import { LookupPicker } from '../../components/lookup-picker';
import {
  useCategories,
  useInstructors,
  useProductSuggestions,
  useTagSuggestions,
} from '../../components/lookup-queries';
import { RichTextInput } from '../../components/rich-text-input';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useCreateVideo, useFetchVimeoVideo } from './queries';

export type VideoKind = 'library' | 'class';

export interface VideoFormValues {
  vimeoId: string;
  trailerId: string;
  title: string;
  description: string;
  shortDescription: string;
  categoryId: string | null;
  instructorId: string | null;
  isNewInstructor: boolean;
  newInstructorName: string;
  levels: string[];
  durationSeconds: number | string;
  tags: ChipItem[];
  products: ChipItem[];
  keywords: string[];
  thumbnailUrl: string;
  videoUrl: string;
  trailerUrl: string;
  trailerThumbnailUrl: string;
  trailerDurationSeconds: number | null;
  releaseDate: string;
}

/** Form defaults (spec 3 §3): empty strings and arrays, release date today. */
export const emptyVideoForm = (): VideoFormValues => ({
  vimeoId: '',
  trailerId: '',
  title: '',
  description: '',
  shortDescription: '',
  categoryId: null,
  instructorId: null,
  isNewInstructor: false,
  newInstructorName: '',
  levels: [],
  durationSeconds: '',
  tags: [],
  products: [],
  keywords: [],
  thumbnailUrl: '',
  videoUrl: '',
  trailerUrl: '',
  trailerThumbnailUrl: '',
  trailerDurationSeconds: null,
  releaseDate: todayInNewYork(),
});

export function toCreateRequest(kind: VideoKind, v: VideoFormValues): TCreateVideoRequest {
  return {
    kind,
    title: v.title,
    description: v.description,
    shortDescription: v.shortDescription,
    categoryId: kind === 'library' ? v.categoryId : null,
    instructorId: v.isNewInstructor ? null : v.instructorId,
    newInstructorName:
      v.isNewInstructor && v.newInstructorName.trim() ? v.newInstructorName.trim() : undefined,
    levels: v.levels as TCreateVideoRequest['levels'],
    durationSeconds: Number(v.durationSeconds) || 0,
    tagIds: v.tags.map((t) => t.id),
    productIds: v.products.map((p) => p.id),
    keywords: v.keywords,
    thumbnailUrl: v.thumbnailUrl || null,
    videoUrl: v.videoUrl,
    ...(kind === 'class'
      ? {
          trailerUrl: v.trailerUrl || null,
          trailerThumbnailUrl: v.trailerThumbnailUrl || null,
          trailerDurationSeconds: v.trailerDurationSeconds,
        }
      : {}),
    releaseDate: v.releaseDate,
  };
}

/** "Goes live Tuesday, March 10, 2026 at 12:00 AM EDT (New York)". */
function describeGoLive(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'The video goes live at 12:00 AM New York time (EST/EDT).';
  const instant = releaseInstant(date);
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'full',
    timeStyle: 'short',
    timeZoneName: undefined,
  }).format(instant);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `Goes live ${text} ${zone ?? ''} (New York time).`;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} size="h5" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

interface FetchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFetch: () => void;
  isFetching: boolean;
  error?: string | null;
}

function FetchField({ label, value, onChange, onFetch, isFetching, error }: FetchFieldProps) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        placeholder="e.g. 900001"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onFetch();
          }
        }}
        error={error}
        inputMode="numeric"
      />
      <Button
        mt={25}
        variant="light"
        leftSection={<IconCloudDownload size={16} />}
        onClick={onFetch}
        loading={isFetching}
        disabled={!value.trim()}
        aria-label={`Fetch ${label.toLowerCase()}`}
      >
        Fetch
      </Button>
    </Group>
  );
}

interface VideoFormProps {
  kind: VideoKind;
  /** Called after the API saved the video. */
  onSaved: () => void;
  /** Called when saving failed (after field errors are shown). */
  onFailed: (error: unknown) => void;
  /** The library form resets after a save; the class form leaves the page. */
  shouldResetAfterSave: boolean;
}

export function VideoForm({ kind, onSaved, onFailed, shouldResetAfterSave }: VideoFormProps) {
  const today = todayInNewYork();
  const form = useForm<VideoFormValues>({
    initialValues: emptyVideoForm(),
    validate: {
      title: (v) => (v.trim() ? null : 'Please enter a title'),
      videoUrl: (v) => (v.trim() ? null : 'Please add a video link'),
      categoryId: (v) => (kind === 'library' && !v ? 'Please select a category' : null),
      newInstructorName: (v, values) =>
        values.isNewInstructor && !v.trim() ? 'Please enter the new instructor’s name' : null,
      releaseDate: (v) =>
        !v
          ? CONTENT_MESSAGES.pickReleaseDate
          : v < todayInNewYork()
            ? CONTENT_MESSAGES.releaseDateInPast
            : null,
    },
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const categories = useCategories();
  const instructors = useInstructors();
  const fetchVideo = useFetchVimeoVideo();
  const fetchTrailer = useFetchVimeoVideo();
  const createVideo = useCreateVideo();
  const [fetchError, setFetchError] = useState<{ video?: string; trailer?: string }>({});
  const useTags = (q: string) => {
    const r = useTagSuggestions(q);
    return { data: r.data?.items.map((t) => ({ id: t.id, label: t.name })), isFetching: r.isFetching };
  };
  const useProducts = (q: string) => {
    const r = useProductSuggestions(q);
    return { data: r.data?.items.map((p) => ({ id: p.id, label: p.title })), isFetching: r.isFetching };
  };

  async function handleFetchVideo() {
    setFetchError((e) => ({ ...e, video: undefined }));
    try {
      const video = await fetchVideo.mutateAsync(form.values.vimeoId.trim());
      form.setValues({
        title: video.title,
        description: video.description,
        thumbnailUrl: video.thumbnailUrl ?? '',
        durationSeconds: video.durationSeconds,
        videoUrl: video.videoUrl,
        keywords: [...new Set([...form.values.keywords, ...video.keywords])],
      });
      form.clearErrors();
    } catch (error) {
      setFetchError((e) => ({ ...e, video: error instanceof ApiError ? error.message : 'Fetch failed' }));
    }
  }

  async function handleFetchTrailer() {
    setFetchError((e) => ({ ...e, trailer: undefined }));
    try {
      const trailer = await fetchTrailer.mutateAsync(form.values.trailerId.trim());
      form.setValues({
        trailerUrl: trailer.videoUrl,
        trailerThumbnailUrl: trailer.thumbnailUrl ?? '',
        trailerDurationSeconds: trailer.durationSeconds,
      });
    } catch (error) {
      setFetchError((e) => ({ ...e, trailer: error instanceof ApiError ? error.message : 'Fetch failed' }));
    }
  }

  async function handleSubmit(values: VideoFormValues) {
    try {
      await createVideo.mutateAsync(toCreateRequest(kind, values));
      guard.allowLeave();
      if (shouldResetAfterSave) {
        const empty = emptyVideoForm();
        form.setValues(empty);
        form.resetDirty(empty);
      } else form.resetDirty();
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.problem?.fields) {
        const fields = error.problem.fields;
        form.setErrors({
          ...fields,
          ...(fields.tagIds ? { tags: fields.tagIds } : {}),
          ...(fields.productIds ? { products: fields.productIds } : {}),
        });
      }
      onFailed(error);
    }
  }

  const duration = Number(form.values.durationSeconds) || 0;
  const instructorOptions = (instructors.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }));

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="lg">
        <Section title="Video">
          <SimpleGrid cols={{ base: 1, md: kind === 'class' ? 2 : 1 }}>
            <FetchField
              label="Video id"
              value={form.values.vimeoId}
              onChange={(v) => form.setFieldValue('vimeoId', v)}
              onFetch={handleFetchVideo}
              isFetching={fetchVideo.isPending}
              error={fetchError.video}
            />
            {kind === 'class' && (
              <FetchField
                label="Trailer id"
                value={form.values.trailerId}
                onChange={(v) => form.setFieldValue('trailerId', v)}
                onFetch={handleFetchTrailer}
                isFetching={fetchTrailer.isPending}
                error={fetchError.trailer}
              />
            )}
          </SimpleGrid>
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label="Video link" withAsterisk {...form.getInputProps('videoUrl')} />
            <TextInput label="Thumbnail link" {...form.getInputProps('thumbnailUrl')} />
            {kind === 'class' && (
              <>
                <TextInput label="Trailer link" {...form.getInputProps('trailerUrl')} />
                <TextInput label="Trailer thumbnail link" {...form.getInputProps('trailerThumbnailUrl')} />
              </>
            )}
          </SimpleGrid>
          <Group align="flex-start" gap="lg">
            <NumberInput
              label="Duration (seconds)"
              min={0}
              allowDecimal={false}
              w={200}
              description={duration ? `${minutes(duration)} minutes` : undefined}
              {...form.getInputProps('durationSeconds')}
            />
            {(form.values.thumbnailUrl || form.values.trailerThumbnailUrl) && (
              <Group gap="sm">
                {form.values.thumbnailUrl && (
                  <Image
                    src={form.values.thumbnailUrl}
                    alt="Thumbnail preview"
                    w={160}
                    h={90}
                    radius="sm"
                    fit="cover"
                  />
                )}
                {kind === 'class' && form.values.trailerThumbnailUrl && (
                  <Image
                    src={form.values.trailerThumbnailUrl}
                    alt="Trailer thumbnail preview"
                    w={160}
                    h={90}
                    radius="sm"
                    fit="cover"
                  />
                )}
              </Group>
            )}
          </Group>
        </Section>

        <Section title="Details">
          <RichTextInput
            label="Description"
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
          />
          <Textarea
            label="Short description"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('shortDescription')}
          />
          <SimpleGrid cols={{ base: 1, md: kind === 'library' ? 2 : 1 }}>
            {kind === 'library' && (
              <Select
                label="Category"
                withAsterisk
                placeholder="Choose a category"
                data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
                {...form.getInputProps('categoryId')}
              />
            )}
            <Stack gap={4}>
              {form.values.isNewInstructor ? (
                <TextInput
                  label="New instructor"
                  placeholder="Full name"
                  {...form.getInputProps('newInstructorName')}
                />
              ) : (
                <Select
                  label="Instructor"
                  placeholder="Choose an instructor"
                  searchable
                  clearable
                  data={instructorOptions}
                  nothingFoundMessage="No instructor by that name"
                  {...form.getInputProps('instructorId')}
                />
              )}
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                onClick={() => form.setFieldValue('isNewInstructor', !form.values.isNewInstructor)}
              >
                {form.values.isNewInstructor ? 'Choose an existing instructor' : 'Add a new instructor'}
              </Anchor>
            </Stack>
          </SimpleGrid>
          <Input.Wrapper label="Level" error={form.errors.levels}>
            <Chip.Group multiple value={form.values.levels} onChange={(v) => form.setFieldValue('levels', v)}>
              <Group gap="xs" mt={6}>
                {LEVELS.map((level) => (
                  <Chip key={level} value={level} variant="outline">
                    {level}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <LookupPicker
              label="Tags"
              placeholder="Search tags"
              value={form.values.tags}
              onChange={(v) => form.setFieldValue('tags', v)}
              useSuggestions={useTags}
            />
            <LookupPicker
              label="Products"
              placeholder="Search products"
              value={form.values.products}
              onChange={(v) => form.setFieldValue('products', v)}
              useSuggestions={useProducts}
            />
          </SimpleGrid>
          <KeywordsInput value={form.values.keywords} onChange={(v) => form.setFieldValue('keywords', v)} />
        </Section>

        <Section title="Release">
          <TextInput
            type="date"
            label="Release date"
            withAsterisk
            w={{ base: '100%', sm: 260 }}
            min={today}
            description={describeGoLive(form.values.releaseDate)}
            {...form.getInputProps('releaseDate')}
          />
          {kind === 'class' && form.values.releaseDate > today && (
            <Text size="sm" c="dimmed">
              Members will see this class as “coming soon” until then.
            </Text>
          )}
        </Section>

        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={createVideo.isPending}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
