import { checkChapters, LEVELS, PLAYER_MESSAGES, parseTimecode, todayInNewYork } from '@dance/domain';
import { toast } from '@dance/ui';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  MultiSelect,
  Select,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { type VideoSource, VideoSourceField } from '../../components/video-source-field';
import { useChapterThumbnail, useUploadVideo } from './queries';

interface ChapterRow {
  key: number;
  title: string;
  timecode: string;
  thumbnailUrl: string | null;
}

const useTags = (q: string) => {
  const r = useTagSuggestions(q);
  return { data: r.data?.items.map((t) => ({ id: t.id, label: t.name })), isFetching: r.isFetching };
};
const useProducts = (q: string) => {
  const r = useProductSuggestions(q);
  return { data: r.data?.items.map((p) => ({ id: p.id, label: p.title })), isFetching: r.isFetching };
};

let nextKey = 1;

/**
 * /AdminDashboard/AddVideos, the upload wizard of spec 3: step 1 the details and the video (uploaded or
 * imported), step 2 the chapters; Complete creates the video and goes to All videos.
 */
export function UploadWizardPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [title, setTitle] = useState('');
  const [video, setVideo] = useState<VideoSource | null>(null);
  const [trailer, setTrailer] = useState<VideoSource | null>(null);
  const [description, setDescription] = useState('');
  const [shortDescription, setShortDescription] = useState('');
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [levels, setLevels] = useState<string[]>([]);
  const [tags, setTags] = useState<ChipItem[]>([]);
  const [products, setProducts] = useState<ChipItem[]>([]);
  const [keywords, setKeywords] = useState<string[]>([]);
  const [releaseDate, setReleaseDate] = useState(todayInNewYork());
  const [isClass, setIsClass] = useState(false);
  const [chapters, setChapters] = useState<ChapterRow[]>([
    { key: nextKey++, title: '', timecode: '00:00:00', thumbnailUrl: null },
  ]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const instructors = useInstructors();
  const categories = useCategories();
  const thumbnail = useChapterThumbnail();
  const uploadVideo = useUploadVideo();
  const today = todayInNewYork();

  const onVideo = useCallback((source: VideoSource | null) => {
    setVideo(source);
    if (source) setErrors(({ video: _cleared, ...rest }) => rest);
    if (source?.title) setTitle((t) => t || source.title!);
  }, []);

  function goToChapters() {
    const next: Record<string, string> = {};
    if (!video) next.video = PLAYER_MESSAGES.addVideoToContinue;
    if (levels.length === 0) next.levels = PLAYER_MESSAGES.pleaseSelectLevel;
    if (!title.trim()) next.title = PLAYER_MESSAGES.titleRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) setStep(1);
  }

  const checked = checkChapters(chapters, video?.durationSeconds ?? null);

  async function generateThumbnail(row: ChapterRow) {
    const seconds = parseTimecode(row.timecode);
    try {
      const { thumbnailUrl } = await thumbnail.mutateAsync({
        playbackId: video?.playbackId,
        timecode: seconds ?? undefined,
      });
      setChapters((list) => list.map((c) => (c.key === row.key ? { ...c, thumbnailUrl } : c)));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : PLAYER_MESSAGES.requiredFieldsMissing);
    }
  }

  async function complete() {
    if (!video) {
      toast.error(PLAYER_MESSAGES.addVideoToContinue);
      setStep(0);
      return;
    }
    if (Object.keys(checked.errors).length > 0) return;
    try {
      await uploadVideo.mutateAsync({
        title: title.trim(),
        videoLink: video.videoLink,
        trailerLink: isClass ? (trailer?.videoLink ?? null) : null,
        thumbnailUrl: video.thumbnailUrl ?? null,
        description,
        shortDescription,
        instructorId,
        categoryId,
        levels: levels as (typeof LEVELS)[number][],
        tagIds: tags.map((t) => t.id),
        productIds: products.map((p) => p.id),
        keywords,
        releaseDate,
        isClass,
        chapters: chapters.map((c) => ({
          title: c.title,
          timecode: c.timecode,
          thumbnailUrl: c.thumbnailUrl,
        })),
      });
      toast.success(PLAYER_MESSAGES.videoUploaded);
      void navigate('/AdminDashboard/AllVideos');
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : PLAYER_MESSAGES.uploadFailedTryAgain);
    }
  }

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={26}>
        Upload video
      </Title>
      <Stepper
        active={step}
        onStepClick={(s) => (s === 0 ? setStep(0) : goToChapters())}
        allowNextStepsSelect={false}
      >
        <Stepper.Step label="Details" description="Video and information">
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <TextInput
                label="Title"
                required
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={errors.title}
              />
              <VideoSourceField
                label="Video"
                title={title}
                value={video}
                onChange={onVideo}
                error={errors.video}
              />
              <Checkbox
                label="Class video"
                checked={isClass}
                onChange={(e) => setIsClass(e.currentTarget.checked)}
                description="Classes get the CLASSES tag, and “coming soon” when released later."
              />
              {isClass && (
                <VideoSourceField
                  label="Trailer"
                  title={title ? `${title} (trailer)` : ''}
                  value={trailer}
                  onChange={setTrailer}
                />
              )}
              <RichTextInput label="Description" value={description} onChange={setDescription} />
              <Textarea
                label="Short description"
                value={shortDescription}
                onChange={(e) => setShortDescription(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
              />
              <Group grow align="flex-start">
                <Select
                  label="Instructor"
                  searchable
                  clearable
                  data={(instructors.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
                  value={instructorId}
                  onChange={setInstructorId}
                />
                <Select
                  label="Category"
                  clearable
                  data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  value={categoryId}
                  onChange={setCategoryId}
                />
              </Group>
              <MultiSelect
                label="Level"
                placeholder="Choose levels"
                required
                data={[...LEVELS]}
                value={levels}
                onChange={setLevels}
                error={errors.levels}
              />
              <LookupPicker
                label="Tags"
                placeholder="Type a tag"
                value={tags}
                onChange={setTags}
                useSuggestions={useTags}
              />
              <LookupPicker
                label="Products"
                placeholder="Type a product"
                value={products}
                onChange={setProducts}
                useSuggestions={useProducts}
              />
              <KeywordsInput value={keywords} onChange={setKeywords} />
              <TextInput
                type="date"
                label="Release date"
                min={today}
                value={releaseDate}
                onChange={(e) => setReleaseDate(e.currentTarget.value || today)}
              />
              <Group justify="flex-end">
                <Button onClick={goToChapters}>Next</Button>
              </Group>
            </Stack>
          </Card>
        </Stepper.Step>
        <Stepper.Step label="Chapters" description="Optional">
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <Text c="dimmed" fz="sm">
                Chapters without a title are left out. Times are HH:MM:SS.
              </Text>
              {chapters.map((row, index) => (
                <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    label={`Chapter ${index + 1} title`}
                    value={row.title}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setChapters((list) =>
                        list.map((c) => (c.key === row.key ? { ...c, title: value } : c)),
                      );
                    }}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label="Time"
                    placeholder="HH:MM:SS"
                    w={120}
                    value={row.timecode}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setChapters((list) =>
                        list.map((c) =>
                          c.key === row.key ? { ...c, timecode: value, thumbnailUrl: null } : c,
                        ),
                      );
                    }}
                    error={checked.errors[index]}
                  />
                  <Stack gap={4} align="center" mt={24}>
                    {row.thumbnailUrl ? (
                      <Image
                        src={row.thumbnailUrl}
                        w={96}
                        h={54}
                        radius="sm"
                        alt={`Chapter ${index + 1} thumbnail`}
                      />
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => generateThumbnail(row)}
                        loading={
                          thumbnail.isPending && thumbnail.variables?.timecode === parseTimecode(row.timecode)
                        }
                      >
                        Thumbnail
                      </Button>
                    )}
                  </Stack>
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={`Remove chapter ${index + 1}`}
                    onClick={() => setChapters((list) => list.filter((c) => c.key !== row.key))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  setChapters((list) => [
                    ...list,
                    { key: nextKey++, title: '', timecode: '', thumbnailUrl: null },
                  ])
                }
              >
                Add chapter
              </Button>
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(0)}>
                  Back
                </Button>
                <Button
                  onClick={complete}
                  loading={uploadVideo.isPending}
                  disabled={Object.keys(checked.errors).length > 0}
                  color="pink"
                >
                  Complete
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
