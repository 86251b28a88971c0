import { useSetSaved } from '@dance/api-client';
import { MESSAGES, type TVideoCard } from '@dance/domain';
import { toast } from '@dance/ui';
import { useState } from 'react';
import { useViewer } from '../app/use-viewer';

/**
 * The saved toggle of every card (spec 1 §4): without a session it silently does nothing; otherwise the
 * flag changes once the server confirms, with the toast "Saved" or "Unsaved".
 */
export function useToggleSaved() {
  const { user } = useViewer();
  const setSaved = useSetSaved();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  function toggleSaved(video: TVideoCard) {
    if (!user || pendingIds.has(video.id)) return;
    const isSaved = !video.isSaved;
    setPendingIds((ids) => new Set(ids).add(video.id));
    setSaved.mutate(
      { videoId: video.id, isSaved },
      {
        onSuccess: () => toast.success(isSaved ? MESSAGES.videoSaved : MESSAGES.videoUnsaved),
        onError: () => toast.error(MESSAGES.savedUpdateFailed),
        onSettled: () =>
          setPendingIds((ids) => {
            const next = new Set(ids);
            next.delete(video.id);
            return next;
          }),
      },
    );
  }

  return { toggleSaved, isSaving: (videoId: string) => pendingIds.has(videoId) };
}
