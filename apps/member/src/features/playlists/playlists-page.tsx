import { useSession } from '@dance/api-client';
import {
  countOf,
  formatDuration,
  PLAYLIST_LIMITS,
  PLAYLIST_MESSAGES,
  type PlaylistType,
  type PlaylistViewer,
  playerPath,
  playlistPolicy,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { env } from '../../env';
import { PLAYLIST_EMPTY, PLAYLIST_FETCH_FAILED, PLAYLIST_TITLES, PlaylistCard } from './playlist-card';
import { PlaylistFormDialog } from './playlist-form-dialog';
import { PlaylistVideos } from './playlist-videos';
import { useDeletePlaylist, usePlaylist, usePlaylists } from './queries';

/** /featured-playlist, /personal-playlist and /studio-playlist (spec 1 §2): the card row, then the selected one's videos. */
export function PlaylistsPage({ type }: { type: PlaylistType }) {
  const session = useSession();
  const user = session.data?.user ?? null;
  const viewer: PlaylistViewer = user;
  const list = usePlaylists(type, type === 'FPL' || user !== null);
  const [params, setParams] = useSearchParams();
  const items = list.data?.items ?? [];
  const selectedId = params.get('id') ?? items[0]?.id ?? null;
  const detail = usePlaylist(items.some((p) => p.id === selectedId) ? selectedId : null);
  const deletePlaylist = useDeletePlaylist();
  const [form, setForm] = useState<'create' | 'edit' | null>(null);

  useEffect(() => {
    if (list.isError) toast.error(PLAYLIST_FETCH_FAILED[type], PLAYLIST_LIMITS.errorToastMs);
  }, [list.isError, type]);
  useEffect(() => {
    if (detail.isError) toast.error(PLAYLIST_MESSAGES.detailsFailed, PLAYLIST_LIMITS.errorToastMs);
  }, [detail.isError]);

  const select = (id: string) => setParams({ id }, { replace: true });
  const playlist = detail.data ?? null;
  const canCreate = type !== 'FPL' && playlistPolicy.canCreate(viewer, type);

  async function removePlaylist() {
    if (!playlist) return;
    const isConfirmed = await confirm({
      title: 'Delete playlist?',
      message: `Delete “${playlist.name}”? This cannot be undone.`,
      danger: true,
    });
    if (!isConfirmed) return;
    deletePlaylist.mutate(playlist, {
      onSuccess: () => {
        toast.success(PLAYLIST_MESSAGES.deleted);
        setParams({}, { replace: true });
      },
      onError: () => toast.error(PLAYLIST_MESSAGES.somethingWentWrong, PLAYLIST_LIMITS.errorToastMs),
    });
  }

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {PLAYLIST_TITLES[type]}
          </Title>
          {canCreate && (
            <Button color="pink" onClick={() => setForm('create')}>
              Create playlist
            </Button>
          )}
          {type === 'FPL' && user?.role === 'admin' && (
            <Button color="pink" component="a" href={`${env.adminUrl}/AdminDashboard/featured-playlist-form`}>
              Add featured playlist
            </Button>
          )}
        </Group>
        {list.isPending ? (
          <Loader />
        ) : items.length === 0 ? (
          <Text c="dimmed">{list.isError ? PLAYLIST_FETCH_FAILED[type] : PLAYLIST_EMPTY[type]}</Text>
        ) : (
          <Group
            gap="md"
            wrap="nowrap"
            style={{ overflowX: 'auto', paddingBottom: 8 }}
            aria-label="Playlists"
          >
            {items.map((p) => (
              <PlaylistCard
                key={p.id}
                playlist={p}
                isSelected={p.id === selectedId}
                onSelect={() => select(p.id)}
              />
            ))}
          </Group>
        )}
        {playlist && (
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Title order={2} fz="xl" data-testid="playlist-title">
                  {playlist.name}
                </Title>
                {playlist.description && <Text c="dimmed">{playlist.description}</Text>}
                <Text fz="sm" c="dimmed">
                  {countOf(playlist.videoCount, 'video')} · {formatDuration(playlist.totalDurationSeconds)}
                </Text>
              </Stack>
              <Group gap="xs">
                {playlist.videos[0] && (
                  <Button
                    component={Link}
                    to={playerPath(playlist.videos[0].id, playlist.type, playlist.id)}
                    color="pink"
                    leftSection={<IconPlayerPlayFilled size={16} />}
                  >
                    Play
                  </Button>
                )}
                {playlistPolicy.canEdit(viewer, playlist) && (
                  <Button
                    variant="default"
                    onClick={() =>
                      playlist.type === 'FPL'
                        ? window.location.assign(
                            `${env.adminUrl}/AdminDashboard/featured-playlist-form?id=${playlist.id}`,
                          )
                        : setForm('edit')
                    }
                  >
                    {playlist.type === 'FPL' ? 'Edit playlist' : 'Rename'}
                  </Button>
                )}
                {playlistPolicy.canDelete(viewer, playlist) && (
                  <Button variant="light" color="red" onClick={removePlaylist}>
                    Delete
                  </Button>
                )}
              </Group>
            </Group>
            <PlaylistVideos key={playlist.id} playlist={playlist} viewer={viewer} />
          </Stack>
        )}
      </Stack>
      {form && type !== 'FPL' && (
        <PlaylistFormDialog
          type={type}
          playlist={form === 'edit' ? playlist : null}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            select(id);
          }}
        />
      )}
    </Container>
  );
}

export const FeaturedPlaylistsPage = () => <PlaylistsPage type="FPL" />;
export const PersonalPlaylistsPage = () => <PlaylistsPage type="PPL" />;
export const StudioPlaylistsPage = () => <PlaylistsPage type="SPL" />;
