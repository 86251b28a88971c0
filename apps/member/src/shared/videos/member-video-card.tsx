import type { TVideoCard } from '@dance/domain';
import { VideoCard } from '@dance/ui';
import { useState } from 'react';
import { useOpenPlayer } from '../../app/play-on-open';
import { useViewer } from '../../app/use-viewer';
import { LazyAddToPlaylistDialog } from '../add-to-playlist/add-to-playlist-button';
import type { useToggleSaved } from '../use-toggle-saved';

/** The shared video card wired to the member app: router navigation, the saved toggle, add to playlist. */
export function MemberVideoCard({
  video,
  saved,
  isPriority,
  width,
  progress,
}: {
  video: TVideoCard;
  saved: ReturnType<typeof useToggleSaved>;
  isPriority?: boolean;
  width?: number | string;
  /** How far the member watched (0..1), for "continue watching". */
  progress?: number;
}) {
  const openPlayer = useOpenPlayer();
  const { user } = useViewer();
  const [isAdding, setIsAdding] = useState(false);
  return (
    <>
      <VideoCard
        video={video}
        onOpen={openPlayer}
        onToggleSaved={saved.toggleSaved}
        isSaving={saved.isSaving(video.id)}
        isPriority={isPriority}
        width={width}
        progress={progress}
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
