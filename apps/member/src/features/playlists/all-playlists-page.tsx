import {
  PLAYLIST_LIMITS,
  type PlaylistType,
  type PlaylistViewer,
  playlistPolicy,
  policy,
} from '@dance/domain';
import { toast } from '@dance/ui';
import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { env } from '../../env';
import {
  PLAYLIST_EMPTY,
  PLAYLIST_FETCH_FAILED,
  PLAYLIST_PAGES,
  PLAYLIST_TITLES,
  PlaylistCard,
  playlistPagePath,
} from './playlist-card';
import { PlaylistFormDialog } from './playlist-form-dialog';
import { usePlaylists } from './queries';

/** One kind of playlist on the hub: its title, a link to its page, and its cards (or the empty text). */
function PlaylistSection({ type, viewer }: { type: PlaylistType; viewer: PlaylistViewer }) {
  const headingId = useId();
  const list = usePlaylists(type);
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const items = list.data?.items ?? [];
  const canCreate = type !== 'FPL' && playlistPolicy.canCreate(viewer, type);
  const isAdminOnFeatured = type === 'FPL' && viewer?.role === 'admin';

  useEffect(() => {
    if (list.isError) toast.error(PLAYLIST_FETCH_FAILED[type], PLAYLIST_LIMITS.errorToastMs);
  }, [list.isError, type]);

  return (
    <section aria-labelledby={headingId} data-testid={`playlist-section-${type}`}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="sm" align="baseline" wrap="nowrap">
          <Title id={headingId} order={2} fz={{ base: 20, sm: 24 }} style={{ whiteSpace: 'nowrap' }}>
            {PLAYLIST_TITLES[type]}
          </Title>
          {items.length > 0 && (
            <Anchor
              component={Link}
              to={PLAYLIST_PAGES[type]}
              fz="sm"
              fw={600}
              aria-label={`View all ${PLAYLIST_TITLES[type]}`}
            >
              View all
            </Anchor>
          )}
        </Group>
        {canCreate && (
          <Button variant="light" color="pink" size="xs" onClick={() => setIsCreating(true)}>
            Create playlist
          </Button>
        )}
        {isAdminOnFeatured && (
          <Button
            variant="light"
            color="pink"
            size="xs"
            component="a"
            href={`${env.adminUrl}/AdminDashboard/featured-playlist-form`}
          >
            Add featured playlist
          </Button>
        )}
      </Group>
      {list.isPending ? (
        <Loader size="sm" role="status" aria-label={`Loading ${PLAYLIST_TITLES[type]}`} />
      ) : list.isError ? (
        <Text c="dimmed" role="alert">
          {PLAYLIST_FETCH_FAILED[type]}
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{PLAYLIST_EMPTY[type]}</Text>
      ) : (
        <Group
          component="ul"
          gap="md"
          wrap="nowrap"
          align="stretch"
          p={0}
          m={0}
          style={{ overflowX: 'auto', paddingBottom: 8, listStyle: 'none' }}
          aria-label={PLAYLIST_TITLES[type]}
        >
          {items.map((p) => (
            <li key={p.id} style={{ display: 'flex' }}>
              <PlaylistCard playlist={p} to={playlistPagePath(p)} />
            </li>
          ))}
        </Group>
      )}
      {isCreating && type !== 'FPL' && (
        <PlaylistFormDialog
          type={type}
          playlist={null}
          onClose={() => setIsCreating(false)}
          onSaved={(id) => {
            setIsCreating(false);
            void navigate(playlistPagePath({ id, type }));
          }}
        />
      )}
    </section>
  );
}

/**
 * /all-playlist (spec 1 §2, type constant "all"): every playlist the viewer may see, by kind. Featured ones
 * for everyone (guests too), then the member's personal ones, then the studio's for studio owners and
 * sub-users. Each card opens its playlist's page; its Play button opens the player in playlist context.
 */
export function AllPlaylistsPage() {
  const { user, isLoading } = useViewer();
  const viewer: PlaylistViewer = user;
  return (
    <Container size="lg" py="md">
      <Stack gap="xl">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Playlists
        </Title>
        <PlaylistSection type="FPL" viewer={viewer} />
        {isLoading ? null : (
          <>
            {user ? (
              <PlaylistSection type="PPL" viewer={viewer} />
            ) : (
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" gap="sm">
                  <Text>Log in to build your own Personal Playlists.</Text>
                  <Group gap="xs">
                    <Button component={Link} to="/login" variant="default" size="xs">
                      Log in to your account
                    </Button>
                    <Button component={Link} to="/SignUp" color="pink" size="xs">
                      Create an account
                    </Button>
                  </Group>
                </Group>
              </Paper>
            )}
            {policy.canUseStudioPlaylists(user) && <PlaylistSection type="SPL" viewer={viewer} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
