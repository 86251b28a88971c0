import type { TVideoCard } from '@dance/domain';
import { buildPlayerHref, VideoCard } from '@dance/ui';
import { useState } from 'react';
import { useOpenPlayer } from '../../app/play-on-open';
import { useViewer } from '../../app/use-viewer';
import { useCardWarmUp, useIdleWarmUp } from '../../app/warm-up';
import { LazyAddToPlaylistDialog } from '../add-to-playlist/add-to-playlist-button';
import { useToggleSaved } from '../use-toggle-saved';

/**
 * What every card of a list shares, made once by the list and passed to its cards: the viewer, the saved
 * toggle, opening the player and the warm-up on intent. Each of these reads the session: asked for by every
 * card, each card subscribed four session observers, all in the hydration's commit of a page of dozens of cards
 * (blocking time on a slow phone, issue 21 item 3).
 */
export function useCardActions() {
  const { user } = useViewer();
  const saved = useToggleSaved();
  const openPlayer = useOpenPlayer();
  const warmUp = useCardWarmUp();
  // A new object each render (the saved toggle is one): the cards are not memoised on it, so nothing is lost.
  return { user, saved, openPlayer, warmUp };
}

export type CardActions = ReturnType<typeof useCardActions>;

/** The shared video card wired to the member app: router navigation, the saved toggle, add to playlist. */
export function MemberVideoCard({
  video,
  actions,
  isPriority,
  width,
  imageSizes,
  progress,
  isWarmedWhenIdle = false,
}: {
  video: TVideoCard;
  actions: CardActions;
  isPriority?: boolean;
  width?: number | string;
  /** The thumbnail's width by screen (`sizes`), where it is not the video grids'. */
  imageSizes?: string;
  /** How far the member watched (0..1), for "continue watching". */
  progress?: number;
  /** Offer this card for the page's idle warm-up (the first card of a page; decision 0056). */
  isWarmedWhenIdle?: boolean;
}) {
  const { user, saved, openPlayer, warmUp } = actions;
  const [isAdding, setIsAdding] = useState(false);
  useIdleWarmUp(buildPlayerHref(video), isWarmedWhenIdle && warmUp.isMember);
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
