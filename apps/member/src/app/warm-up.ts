import { type ApiClient, useApiClient } from '@dance/api-client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { currentConnection, isSavingData } from '../shared/video-player/connection';
import { useViewer } from './use-viewer';
import type { WarmUpScheduler } from './warm-up-scheduler';

/** Cards warmed at the same time (a hover and the page's first card, or two quick hovers). */
export const WARM_UP_MAX_ACTIVE = 2;
/** A warmed card is not warmed again for this long (its answer and segments stay cached). */
const WARM_UP_REUSE_MS = 5 * 60_000;
/** The first card of a page is warmed once the page is idle, at the latest after this. */
const IDLE_TIMEOUT_MS = 3000;

/** The app's query client and API client, for the scheduler's work (one app per page). */
let deps: { queryClient: QueryClient; client: ApiClient } | null = null;

let scheduler: WarmUpScheduler | null = null;
let schedulerLoading: Promise<WarmUpScheduler> | null = null;

/**
 * Runs `use` with the scheduler. Its code and the player's warm-up load with the page's first intent (the idle
 * warm-up of the first card, or a hover), not with the first page: a guest's page or one with Save-Data never
 * loads them. Calls made while they load run in order once they are here.
 */
function withScheduler(use: (loaded: WarmUpScheduler) => void): void {
  if (scheduler) {
    use(scheduler);
    return;
  }
  if (isSavingData(currentConnection())) return;
  // The warm-up's code lives with the player (its own chunk): asked for beside the scheduler's.
  schedulerLoading ??= Promise.all([
    import('./warm-up-scheduler'),
    import('../features/player/warm-up'),
  ]).then(
    ([{ createWarmUpScheduler }, { warmPlayer }]) =>
      (scheduler = createWarmUpScheduler({
        maxActive: WARM_UP_MAX_ACTIVE,
        reuseMs: WARM_UP_REUSE_MS,
        isAllowed: () => !isSavingData(currentConnection()),
        async warm(href, signal) {
          const current = deps;
          const params = new URL(href, window.location.origin).searchParams;
          const videoId = params.get('v');
          if (!current || !videoId) return;
          await warmPlayer(current.queryClient, current.client, videoId, params.get('type'), signal);
        },
      })),
  );
  void schedulerLoading.then(use, () => {});
}

/** A card was clicked: whatever its warm-up fetches now is the player's, so it is never aborted. */
export const claimWarmUp = (href: string) => withScheduler((loaded) => loaded.claim(href));

/** The page (path and query) whose first card was offered for the idle warm-up. */
let idleOfferedFor: string | null = null;

/**
 * Intent handlers for a member's video cards (hover, focus, touch start; leave and blur end the intent),
 * and `offerIdle`, for the first card of the page, warmed once the page is idle. Guests get nothing (the
 * playback answer would only say to log in).
 */
export function useCardWarmUp() {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const isMember = useViewer().user !== null;
  useEffect(() => {
    if (isMember) deps = { queryClient, client };
  }, [isMember, queryClient, client]);
  const onIntent = useCallback(
    (href: string) => {
      if (!isMember) return;
      deps = { queryClient, client };
      withScheduler((loaded) => loaded.intent(href));
    },
    [isMember, queryClient, client],
  );
  const onIntentEnd = useCallback((href: string) => withScheduler((loaded) => loaded.leave(href)), []);
  return useMemo(() => ({ onIntent, onIntentEnd, isMember }), [onIntent, onIntentEnd, isMember]);
}

/**
 * Warms the first card offered on this page once the browser is idle (after the page's own loading);
 * later offers on the same page are ignored. The idle warm-up is not stopped by a pointer passing over.
 * Offered for a member's card only (`useCardWarmUp().isMember`).
 */
export function useIdleWarmUp(href: string, isOffered: boolean) {
  useEffect(() => {
    if (!isOffered) return;
    const page = window.location.pathname + window.location.search;
    if (idleOfferedFor === page) return;
    idleOfferedFor = page;
    let isStarted = false;
    let idleId: number | null = null;
    const start = () => {
      isStarted = true;
      withScheduler((loaded) => loaded.intent(href, { isSticky: true }));
    };
    // After the page's own loading (the load event), when the main thread is idle.
    const whenIdle = () => {
      idleId =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(start, IDLE_TIMEOUT_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idleId !== null) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
        else window.clearTimeout(idleId);
      }
      // Unmounted before it started (a re-render, React's strict mode): the next offer may take it.
      if (!isStarted && idleOfferedFor === page) idleOfferedFor = null;
    };
  }, [href, isOffered]);
}
