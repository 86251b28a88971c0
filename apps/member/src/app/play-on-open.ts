import { useApiClient } from '@dance/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useViewer } from './use-viewer';
import { claimWarmUp } from './warm-up';

/**
 * Router state of a navigation to the player from a video card: the member clicked to watch, so the video
 * starts by itself (the click also satisfies the browser's autoplay policy). Opening a player link
 * directly (a new tab, a shared link) shows it paused on its poster.
 */
export const PLAY_ON_OPEN = { playOnOpen: true } as const;

export const isPlayOnOpen = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { playOnOpen?: unknown }).playOnOpen === true;

type PlayerQueries = typeof import('../features/player/queries');
/** The player's queries once loaded (after the first video of the visit): used synchronously at a click. */
let playerQueries: PlayerQueries | null = null;

/**
 * Opens the player from a card: for a member, the playback answer is asked for at the click, before the
 * route renders (and the stream starts loading when it arrives); then the video plays by itself.
 */
export function useOpenPlayer(): (href: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useApiClient();
  const isMember = useViewer().user !== null;
  return useCallback(
    (href: string) => {
      const params = new URL(href, window.location.origin).searchParams;
      const videoId = params.get('v');
      if (isMember && videoId) {
        // A warm-up of this card (hover, focus) runs to its end: the player uses what it fetched.
        claimWarmUp(href);
        const prefetch = (m: PlayerQueries) =>
          void m.prefetchPlayback(queryClient, client, videoId, params.get('type'));
        if (playerQueries) prefetch(playerQueries);
        else
          void import('../features/player/queries')
            .then((m) => {
              playerQueries = m;
              prefetch(m);
            })
            .catch(() => {});
      }
      void navigate(href, { state: PLAY_ON_OPEN });
    },
    [navigate, queryClient, client, isMember],
  );
}
