import type { TVideoCard } from '@dance/domain';
import { buildPlayerHref, VideoCard } from '@dance/ui';
import { useState } from 'react';
import { useOpenPlayer } from '../../app/play-on-open';
import { useViewer } from '../../app/use-viewer';
import { useCardWarmUp, useIdleWarmUp } from '../../app/warm-up';
import { LazyAddToPlaylistDialog } from '../add-to-playlist/add-to-playlist-button';
import type { useToggleSaved } from '../use-toggle-saved';

/** The shared video card wired to the member app: router navigation, the saved toggle, add to playlist. */
export function MemberVideoCard({
  video,
  saved,
  isPriority,
  width,
  imageSizes,
  progress,
  isWarmedWhenIdle = false,
}: {
  video: TVideoCard;
  saved: ReturnType<typeof useToggleSaved>;
  isPriority?: boolean;
  width?: number | string;
  /** The thumbnail's width by screen (`sizes`), where it is not the video grids'. */
  imageSizes?: string;
  /** How far the member watched (0..1), for "continue watching". */
  progress?: number;
  /** Offer this card for the page's idle warm-up (the first card of a page; decision 0056). */
  isWarmedWhenIdle?: boolean;
}) {
  const openPlayer = useOpenPlayer();
  const { user } = useViewer();
  const [isAdding, setIsAdding] = useState(false);
  const warmUp = useCardWarmUp();
  useIdleWarmUp(buildPlayerHref(video), isWarmedWhenIdle);
  return (
    <>
      <VideoCard
        video={video}
        onOpen={openPlayer}
        onIntent={warmUp.isMember ? warmUp.onIntent : undefined}
        onIntentEnd={warmUp.isMember ? warmUp.onIntentEnd : undefined}
        onToggleSaved={saved.toggleSaved}
        isSaving={saved.isSaving(video.id)}
        isPriority={isPriority}
        width={width}
        imageSizes={imageSizes}
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
