import { useSetSaved } from '@dance/api-client';
import { FIRST_PAGE_MESSAGES, type TVideoCard } from '@dance/domain';
import { confirm } from '@dance/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useViewer } from '../app/use-viewer';
import { toastLater } from './toast-later';

/**
 * The saved toggle of every card (spec 1 §4): the flag changes once the server confirms, with the toast
 * "Saved" or "Unsaved". Without a session the spec did nothing (a silent dead end, issue 22 item 7): a guest
 * is invited to sign up instead.
 */
export function useToggleSaved() {
  const { user } = useViewer();
  const setSaved = useSetSaved();
  const navigate = useNavigate();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  function toggleSaved(video: TVideoCard) {
    if (!user) {
      void confirm({
        title: FIRST_PAGE_MESSAGES.saveNeedsAccountTitle,
        message: FIRST_PAGE_MESSAGES.saveNeedsAccountBody,
        confirmLabel: FIRST_PAGE_MESSAGES.saveNeedsAccountConfirm,
        cancelLabel: FIRST_PAGE_MESSAGES.saveNeedsAccountCancel,
      }).then((isSigningUp) => isSigningUp && navigate('/SignUp'));
      return;
    }
    if (pendingIds.has(video.id)) return;
    const isSaved = !video.isSaved;
    setPendingIds((ids) => new Set(ids).add(video.id));
    setSaved.mutate(
      { videoId: video.id, isSaved },
      {
        onSuccess: () =>
          toastLater('success', isSaved ? FIRST_PAGE_MESSAGES.videoSaved : FIRST_PAGE_MESSAGES.videoUnsaved),
        onError: () => toastLater('error', FIRST_PAGE_MESSAGES.savedUpdateFailed),
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
