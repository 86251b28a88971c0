import type { TVideoCard } from '@dance/domain';
import { VideoCard } from '@dance/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useViewer } from '../auth/use-viewer';
import { LazyAddToPlaylistDialog } from '../playlists/add-to-playlist-button';
import type { useToggleSaved } from '../saved/use-toggle-saved';

/** The shared video card wired to the member app: router navigation, the saved toggle, add to playlist. */
export function MemberVideoCard({
  video,
  saved,
  isPriority,
  width,
}: {
  video: TVideoCard;
  saved: ReturnType<typeof useToggleSaved>;
  isPriority?: boolean;
  width?: number | string;
}) {
  const navigate = useNavigate();
  const { user } = useViewer();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <>
      <VideoCard
        video={video}
        onOpen={(href) => navigate(href)}
        onToggleSaved={saved.toggleSaved}
        isSaving={saved.isSaving(video.id)}
        isPriority={isPriority}
        width={width}
        onAddToPlaylist={user ? () => setIsAdding(true) : undefined}
      />
      {isAdding && user && (
        <LazyAddToPlaylistDialog
          videoId={video.id}
          videoTitle={video.title}
          user={user}
          onClose={() => setIsAdding(false)}
        />
      )}
    </>
  );
}
