import type { TSessionUser } from '@dance/domain';
import { lazy, Suspense } from 'react';

const AddToPlaylistDialog = lazy(() =>
  import('./add-to-playlist-dialog').then((m) => ({ default: m.AddToPlaylistDialog })),
);

/** The add-to-playlist dialog, loaded only when a member opens it (cards and the player). */
export function LazyAddToPlaylistDialog(props: {
  videoId: string;
  videoTitle: string;
  user: TSessionUser;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <AddToPlaylistDialog {...props} />
    </Suspense>
  );
}
