import {
  countOf,
  formatDuration,
  PLAYLIST_MESSAGES,
  type PlaylistType,
  playerPath,
  type TPlaylistSummary,
} from '@dance/domain';
import { ActionIcon, Card, Image, Text, UnstyledButton } from '@mantine/core';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { Link } from 'react-router';

export const PLAYLIST_TITLES: Record<PlaylistType, string> = {
  FPL: 'Featured Playlists',
  PPL: 'Personal Playlists',
  SPL: 'Studio Playlists',
};
/** Empty lists (spec 1 §2, §8 for featured and personal; studio has no spec text). */
export const PLAYLIST_EMPTY: Record<PlaylistType, string> = {
  FPL: PLAYLIST_MESSAGES.noFeatured,
  PPL: PLAYLIST_MESSAGES.createPersonal,
  SPL: 'No studio playlists yet.',
};
export const PLAYLIST_FETCH_FAILED: Record<PlaylistType, string> = {
  FPL: PLAYLIST_MESSAGES.detailsFailed,
  PPL: PLAYLIST_MESSAGES.fetchPersonalFailed,
  SPL: PLAYLIST_MESSAGES.fetchStudioFailed,
};
/** The page of each kind (spec 1 §2). */
export const PLAYLIST_PAGES: Record<PlaylistType, string> = {
  FPL: '/featured-playlist',
  PPL: '/personal-playlist',
  SPL: '/studio-playlist',
};

export const playlistPagePath = (playlist: Pick<TPlaylistSummary, 'id' | 'type'>) =>
  `${PLAYLIST_PAGES[playlist.type]}?id=${encodeURIComponent(playlist.id)}`;

const CARD_WIDTH = 220;

/**
 * A playlist card: thumbnail, name, count and total duration. On a playlist page it selects the playlist
 * (`onSelect`); elsewhere it links to the playlist's page (`to`) and offers Play, which opens the player on
 * the first video in playlist context.
 */
export function PlaylistCard({
  playlist,
  isSelected = false,
  onSelect,
  to,
}: {
  playlist: TPlaylistSummary;
  isSelected?: boolean;
  onSelect?: () => void;
  to?: string;
}) {
  const card = (
    <Card
      withBorder
      radius="md"
      p="xs"
      h="100%"
      style={isSelected ? { borderColor: 'var(--mantine-color-pink-6)', borderWidth: 2 } : undefined}
    >
      <Card.Section>
        <Image src={playlist.thumbnailUrl} h={120} fit="cover" alt="" fallbackSrc="/favicon.svg" />
      </Card.Section>
      <Text fw={600} mt="xs" truncate>
        {playlist.name}
      </Text>
      <Text fz="sm" c="dimmed">
        {countOf(playlist.videoCount, 'video')} · {formatDuration(playlist.totalDurationSeconds)}
      </Text>
    </Card>
  );
  if (to === undefined) {
    return (
      <UnstyledButton
        onClick={onSelect}
        aria-pressed={isSelected}
        data-testid="playlist-card"
        style={{ flex: `0 0 ${CARD_WIDTH}px` }}
      >
        {card}
      </UnstyledButton>
    );
  }
  // The Play button sits beside the link (not inside it), over the thumbnail's corner.
  return (
    <div style={{ position: 'relative', flex: `0 0 ${CARD_WIDTH}px` }}>
      <UnstyledButton component={Link} to={to} data-testid="playlist-card" display="block" h="100%">
        {card}
      </UnstyledButton>
      {playlist.firstVideoId && (
        <ActionIcon
          component={Link}
          to={playerPath(playlist.firstVideoId, playlist.type, playlist.id)}
          aria-label={`Play ${playlist.name}`}
          radius="xl"
          size="lg"
          color="pink"
          style={{ position: 'absolute', top: 78, right: 10, boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          <IconPlayerPlayFilled size={16} />
        </ActionIcon>
      )}
    </div>
  );
}
