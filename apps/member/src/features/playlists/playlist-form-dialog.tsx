import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES, type TPlaylistDetail } from '@dance/domain';
import { toast, useFocusBack } from '@dance/ui';
import { Button, Group, Modal, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreatePlaylist, useUpdatePlaylist, useVideoChoices } from './queries';

/** Create (name, videos; description for studio playlists) or rename a personal or studio playlist. */
export function PlaylistFormDialog({
  type,
  playlist,
  onClose,
  onSaved,
}: {
  type: 'PPL' | 'SPL';
  playlist: TPlaylistDetail | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  useFocusBack();
  const isEdit = playlist !== null;
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [videoIds, setVideoIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; videos?: string }>({});
  const choices = useVideoChoices(!isEdit);
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist();

  function submit() {
    const next = {
      name: name.trim() ? undefined : PLAYLIST_MESSAGES.nameRequired,
      videos: isEdit || videoIds.length > 0 ? undefined : PLAYLIST_MESSAGES.videoRequired,
    };
    setErrors(next);
    if (next.name || next.videos) return;
    const fail = (message: string) => () => toast.error(message, PLAYLIST_LIMITS.errorToastMs);
    if (playlist) {
      update.mutate(
        { id: playlist.id, body: { name, description } },
        {
          onSuccess: (saved) => {
            toast.success(PLAYLIST_MESSAGES.updated);
            onSaved(saved.id);
          },
          onError: fail(PLAYLIST_MESSAGES.updateFailed),
        },
      );
    } else {
      create.mutate(
        { type, name, description, videoIds },
        {
          onSuccess: (saved) => {
            toast.success(PLAYLIST_MESSAGES.created);
            onSaved(saved.id);
          },
          onError: fail(PLAYLIST_MESSAGES.createFailed),
        },
      );
    }
  }

  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Edit playlist' : 'Create playlist'} centered>
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        {type === 'SPL' && (
          <Textarea
            label="Description"
            size="md"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        )}
        {!isEdit && (
          <MultiSelect
            label="Videos"
            size="md"
            placeholder="Pick videos"
            searchable
            // The search stays after a pick, so several videos from one search can be added (issue 22 item 8).
            clearSearchOnChange={false}
            data={(choices.data?.items ?? []).map((v) => ({ value: v.id, label: v.title }))}
            value={videoIds}
            onChange={setVideoIds}
            error={errors.videos}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="pink" onClick={submit} loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
