import { ApiError, useSession } from '@dance/api-client';
import { CONTENT_MESSAGES, PLAYLIST_LIMITS, PLAYLIST_MESSAGES, type TPlaylistDetail } from '@dance/domain';
import { reasonOf, toast } from '@dance/ui';
import { Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormActions, FormPageFrame } from '../../components/form-page-frame';
import { ImagePicker } from '../../components/image-picker';
import { scrollToTop } from '../../components/scroll-to-top';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { uploadImage } from '../../components/upload-image';
import { useFeaturedPlaylist, useSaveFeaturedPlaylist } from './queries';
import { type PickedVideo, VideoPicker } from './video-picker';

export const FEATURED_LIST_PATH = '/AdminDashboard/featured-playlist';

interface Errors {
  name?: string;
  description?: string;
  videos?: string;
  thumbnail?: string;
}

/** The form's own checks (spec 3 §5): name, description and at least one video. */
export function validateFeaturedPlaylist(values: {
  name: string;
  description: string;
  videoCount: number;
}): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = PLAYLIST_MESSAGES.nameRequired;
  if (!values.description.trim()) errors.description = PLAYLIST_MESSAGES.descriptionRequired;
  if (values.videoCount === 0) errors.videos = PLAYLIST_MESSAGES.videoRequired;
  return errors;
}

function FeaturedPlaylistForm({ playlist }: { playlist: TPlaylistDetail | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveFeaturedPlaylist();
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [videos, setVideos] = useState<PickedVideo[]>(
    playlist?.videos.map((v) => ({ id: v.id, title: v.title })) ?? [],
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isUploading, setIsUploading] = useState(false);
  const guard = useUnsavedChangesGuard(
    file !== null ||
      name !== (playlist?.name ?? '') ||
      description !== (playlist?.description ?? '') ||
      videos.map((v) => v.id).join() !== (playlist?.videos.map((v) => v.id).join() ?? ''),
  );
  const isEdit = playlist !== null;
  const failedText = isEdit ? PLAYLIST_MESSAGES.updateFailed : PLAYLIST_MESSAGES.createFailed;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = validateFeaturedPlaylist({ name, description, videoCount: videos.length });
    setErrors(next);
    if (Object.keys(next).length) return;
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) {
      toast.failure(CONTENT_MESSAGES.pleaseLoginFirst);
      return;
    }
    // The thumbnail is uploaded first; its link is then saved with the playlist.
    // Its own thumbnail only: the first video's (shown when it has none) is not pinned by an edit.
    let thumbnailUrl = playlist?.customThumbnailUrl ?? null;
    if (file) {
      setIsUploading(true);
      try {
        thumbnailUrl = await uploadImage(file, 'playlist', csrfToken);
      } catch (error) {
        // "Image upload failed" names the reason (issue 22 item 14).
        const reason = reasonOf(error);
        setErrors({
          thumbnail: reason
            ? `${PLAYLIST_MESSAGES.imageUploadFailed}: ${reason}`
            : PLAYLIST_MESSAGES.imageUploadFailed,
        });
        toast.failure(PLAYLIST_MESSAGES.imageUploadFailed, error);
        return;
      } finally {
        setIsUploading(false);
      }
    }
    try {
      await save.mutateAsync({
        id: playlist?.id,
        body: {
          name: name.trim(),
          description: description.trim(),
          thumbnailUrl,
          videoIds: videos.map((v) => v.id),
        },
      });
      toast.dismissFailures();
      notifications.show({
        color: 'teal',
        title: PLAYLIST_MESSAGES.featuredSaved,
        message: isEdit ? PLAYLIST_MESSAGES.updated : PLAYLIST_MESSAGES.created,
      });
      guard.allowLeave();
      navigate(FEATURED_LIST_PATH);
      scrollToTop();
    } catch (error) {
      const fields = error instanceof ApiError ? error.problem?.fields : undefined;
      setErrors({
        name: fields?.name,
        description: fields?.description,
        videos: fields?.videoIds,
        thumbnail: fields?.thumbnailUrl,
      });
      toast.failure(failedText, error);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="form"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Featured playlist"
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          withAsterisk
          value={name}
          maxLength={PLAYLIST_LIMITS.nameMax}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
        />
        <Textarea
          label="Description"
          size="md"
          withAsterisk
          rows={4}
          maxLength={PLAYLIST_LIMITS.descriptionMax}
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            setErrors((x) => ({ ...x, description: undefined }));
          }}
          error={errors.description}
        />
        <ImagePicker
          label="Thumbnail"
          isRequired={false}
          aspectRatio={16 / 9}
          currentUrl={playlist?.customThumbnailUrl ?? null}
          file={file}
          onFileChange={(f) => {
            setFile(f);
            setErrors((x) => ({ ...x, thumbnail: undefined }));
          }}
          error={errors.thumbnail}
        />
        {!file && !playlist?.customThumbnailUrl && (
          <Text size="xs" c="dimmed" mt={-8}>
            Without an image of its own, members see the first video’s thumbnail.
          </Text>
        )}
        <VideoPicker
          value={videos}
          onChange={(next) => {
            setVideos(next);
            setErrors((x) => ({ ...x, videos: undefined }));
          }}
          error={errors.videos}
        />
        <FormActions
          cancelTo={FEATURED_LIST_PATH}
          isSaving={isUploading || save.isPending}
          submitLabel={isEdit ? 'Save changes' : 'Create playlist'}
        />
      </Stack>
    </Paper>
  );
}

/** /AdminDashboard/featured-playlist-form: add, or edit with ?id= (or the spec's state playId). */
export function FeaturedPlaylistFormPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { playId?: string } | null;
  const id = params.get('id') ?? state?.playId ?? undefined;
  const playlist = useFeaturedPlaylist(id);
  const isEdit = Boolean(id);

  return (
    <FormPageFrame
      backTo={FEATURED_LIST_PATH}
      backLabel="Featured playlists"
      title={isEdit ? 'Edit featured playlist' : 'Add featured playlist'}
      maxWidth={760}
      isEdit={isEdit}
      record={playlist}
      loadFailedMessage={PLAYLIST_MESSAGES.detailsFailed}
    >
      {(record) => <FeaturedPlaylistForm key={record?.id ?? 'new'} playlist={record} />}
    </FormPageFrame>
  );
}
