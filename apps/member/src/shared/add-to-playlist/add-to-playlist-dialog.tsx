import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES, policy, type TSessionUser } from '@dance/domain';
import { toast, useFocusBack } from '@dance/ui';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useAddToPlaylists, usePlaylists } from '../../features/playlists/queries';

/**
 * Studio playlists (the list and the "Studio" option for a new one) are offered only to users with a
 * non-empty userType other than vip (spec 1 §6), and of those only to the ones who have a studio: its owner
 * and its sub-users (an individual member has no studio playlists to list or create; decision 0016).
 */
export const canOfferStudioPlaylists = (user: TSessionUser) => policy.canUseStudioPlaylists(user);

/**
 * The add-to-playlist dialog (spec 1 §2, §5): pick personal (or studio) playlists, or create one by name;
 * saving needs at least one chosen playlist or a new name.
 */
export function AddToPlaylistDialog({
  videoId,
  videoTitle,
  user,
  onClose,
}: {
  videoId: string;
  videoTitle: string;
  user: TSessionUser;
  onClose: () => void;
}) {
  const hasStudio = canOfferStudioPlaylists(user);
  const personal = usePlaylists('PPL');
  const studio = usePlaylists('SPL', hasStudio);
  const add = useAddToPlaylists();
  useFocusBack();
  const [selected, setSelected] = useState<string[]>([]);
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<'PPL' | 'SPL'>('PPL');
  const [error, setError] = useState<string | null>(null);

  function save() {
    const name = newName.trim();
    if (selected.length === 0 && !name) {
      setError(PLAYLIST_MESSAGES.pickPlaylistOrName);
      return;
    }
    add.mutate(
      { videoId, playlistIds: selected, ...(name ? { newPlaylist: { type: newType, name } } : {}) },
      {
        onSuccess: () => {
          toast.success(name ? PLAYLIST_MESSAGES.createdAndAdded : PLAYLIST_MESSAGES.added);
          onClose();
        },
        onError: () =>
          toast.error(
            name ? PLAYLIST_MESSAGES.createFailed : PLAYLIST_MESSAGES.updateFailed,
            PLAYLIST_LIMITS.errorToastMs,
          ),
      },
    );
  }

  const renderGroup = (
    label: string,
    items: { id: string; name: string }[] | undefined,
    isLoading: boolean,
  ) => (
    <Stack gap={6}>
      <Text fw={600} fz="sm">
        {label}
      </Text>
      {isLoading ? (
        <Loader size="sm" />
      ) : items && items.length > 0 ? (
        items.map((p) => (
          <Checkbox
            key={p.id}
            label={p.name}
            checked={selected.includes(p.id)}
            onChange={(e) => {
              // Read the flag now: the state updater runs after the event is gone.
              const isChecked = e.currentTarget.checked;
              setSelected((list) => (isChecked ? [...list, p.id] : list.filter((id) => id !== p.id)));
            }}
          />
        ))
      ) : (
        <Text fz="sm" c="dimmed">
          None yet
        </Text>
      )}
    </Stack>
  );

  return (
    <Modal opened onClose={onClose} title="Add to playlist" centered>
      <Stack>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {videoTitle}
        </Text>
        {renderGroup('Personal playlists', personal.data?.items, personal.isPending)}
        {hasStudio && renderGroup('Studio playlists', studio.data?.items, studio.isPending)}
        <TextInput
          label="New playlist"
          placeholder="Playlist name"
          value={newName}
          onChange={(e) => {
            setNewName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        {hasStudio && (
          <SegmentedControl
            aria-label="New playlist type"
            value={newType}
            onChange={(v) => setNewType(v as 'PPL' | 'SPL')}
            data={[
              { value: 'PPL', label: 'Personal' },
              { value: 'SPL', label: 'Studio' },
            ]}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="pink" onClick={save} loading={add.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
