import type { TVideoCard } from '@dance/domain';
import { VideoCard } from '@dance/ui';
import { useNavigate } from 'react-router';
import type { useToggleSaved } from '../saved/use-toggle-saved';

/** The shared video card wired to the member app: router navigation and the saved toggle. */
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
  return (
    <VideoCard
      video={video}
      onOpen={(href) => navigate(href)}
      onToggleSaved={saved.toggleSaved}
      isSaving={saved.isSaving(video.id)}
      isPriority={isPriority}
      width={width}
    />
  );
}
