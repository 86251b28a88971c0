import type { ContentType, TStream, TVideoDetail } from '@dance/domain';
import { CommunityChat } from '../../shared/community';
import { PlayerDetails } from './player-details';

/**
 * What the player page shows below the video once it has its first frame: the details, the recommendations and
 * the comments. A chunk of its own (issue 21 item 3): in the page's chunk, this code was evaluated before the
 * first frame, in the page's longest task on a slow phone.
 */
export function BelowThePlayer({
  videoId,
  detail,
  type,
  playlistId,
  trailer,
  hasDetails,
  target,
}: {
  videoId: string;
  detail: TVideoDetail;
  type: ContentType;
  playlistId: string | null;
  trailer: TStream | null;
  /** False for the upgrade view, which shows the video's title and tags itself: the comments alone. */
  hasDetails: boolean;
  /** The comment a notification pointed to. */
  target: string | null;
}) {
  return (
    <>
      {hasDetails && <PlayerDetails detail={detail} type={type} playlistId={playlistId} trailer={trailer} />}
      {/* The comments come with the details, below them: the details grow once their images load, and a chat
          already on the page would be pushed down (CLS). */}
      <CommunityChat subjectType="video" subjectId={videoId} target={target} />
    </>
  );
}
