import { Button } from '@mantine/core';
import IconPlaylistAdd from '@tabler/icons-react/dist/esm/icons/IconPlaylistAdd.mjs';
import { useState } from 'react';
import { useViewer } from '../../app/use-viewer';
import { LazyAddToPlaylistDialog } from './add-to-playlist-button';

/** The player's "Add to playlist" button (spec 2 §2). */
export function AddToPlaylistAction({ videoId, videoTitle }: { videoId: string; videoTitle: string }) {
  const { user } = useViewer();
  const [isOpen, setIsOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconPlaylistAdd size={18} />} onClick={() => setIsOpen(true)}>
        Add to playlist
      </Button>
      {isOpen && (
        <LazyAddToPlaylistDialog
          videoId={videoId}
          videoTitle={videoTitle}
          user={user}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
}
