import { PLAYLIST_MESSAGES, type TPlaylistSummary } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import { Alert, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconListNumbers, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlaylistOrderPanel } from './playlist-order-panel';
import { useDeleteFeaturedPlaylist, useFeaturedPlaylists } from './queries';

const FORM_PATH = '/AdminDashboard/featured-playlist-form';

function FeaturedPlaylistCard({ playlist }: { playlist: TPlaylistSummary }) {
  const remove = useDeleteFeaturedPlaylist();
  const [isOpen, setIsOpen] = useState(false);
  // Once opened, the videos stay mounted while hidden, so an unsaved shuffle keeps its Save and Undo.
  const [hasOpened, setHasOpened] = useState(false);

  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Delete featured playlist?',
      message: `“${playlist.name}” will no longer be shown to members.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    // Awaited, not mutate() callbacks: the refetched list drops this card, and an unmounted card's mutate()
    // callbacks never run, so the toast would be lost.
    try {
      const result = await remove.mutateAsync(playlist.id);
      toast.dismissFailures();
      notifications.show({ color: 'teal', title: PLAYLIST_MESSAGES.deleted, message: result.message });
    } catch {
      toast.failure(PLAYLIST_MESSAGES.somethingWentWrong);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" aria-label={playlist.name} component="article">
      <Card.Section>
        {playlist.thumbnailUrl ? (
          <Image src={playlist.thumbnailUrl} alt="" style={{ aspectRatio: '16 / 9' }} fit="cover" />
        ) : (
          <div style={{ aspectRatio: '16 / 9', background: 'var(--mantine-color-gray-1)' }} />
        )}
      </Card.Section>
      <Stack gap={4} mt="md">
        <Text fw={600} truncate>
          {playlist.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {playlist.description}
        </Text>
        <Text size="sm">
          {playlist.videoCount} {playlist.videoCount === 1 ? 'video' : 'videos'}
        </Text>
      </Stack>
      <Group gap="xs" mt="md">
        <Button
          component={Link}
          to={`${FORM_PATH}?id=${playlist.id}`}
          state={{ playId: playlist.id, isEdit: true }}
          variant="default"
          size="xs"
          leftSection={<IconEdit size={14} />}
        >
          Edit
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconListNumbers size={14} />}
          aria-expanded={isOpen}
          onClick={() => {
            setHasOpened(true);
            setIsOpen((open) => !open);
          }}
        >
          {isOpen ? 'Hide videos' : 'Videos'}
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={handleDelete}
          loading={remove.isPending}
        >
          Delete
        </Button>
      </Group>
      {hasOpened && (
        <Card.Section inheritPadding py="sm" mt="sm" withBorder display={isOpen ? undefined : 'none'}>
          <PlaylistOrderPanel playlistId={playlist.id} name={playlist.name} />
        </Card.Section>
      )}
    </Card>
  );
}

/** /AdminDashboard/featured-playlist: the featured playlists with Edit, Delete, reorder and shuffle. */
export function FeaturedPlaylistsPage() {
  const playlists = useFeaturedPlaylists();
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Featured playlists
          </Title>
          <Text c="dimmed" mt={4}>
            Members see these playlists on the featured playlist page, newest first.
          </Text>
        </div>
        <Button component={Link} to={FORM_PATH} leftSection={<IconPlus size={16} />}>
          Add featured playlist
        </Button>
      </Group>
      {playlists.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading featured playlists" />
        </Group>
      )}
      {playlists.isError && (
        <Alert color="red" variant="light" role="alert">
          {PLAYLIST_MESSAGES.somethingWentWrong}
        </Alert>
      )}
      {playlists.data?.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {PLAYLIST_MESSAGES.noFeatured}
        </Text>
      )}
      {playlists.data && playlists.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {playlists.data.items.map((playlist) => (
            <FeaturedPlaylistCard key={playlist.id} playlist={playlist} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
