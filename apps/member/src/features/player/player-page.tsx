import { ApiError, catalogueKeys, useSession } from '@dance/api-client';
import {
  normalizeContentType,
  PLAYER_MESSAGES,
  playerPath,
  practiceEndpoints,
  progressEndpoints,
  type TStream,
} from '@dance/domain';
import { Box, Button, Container, Stack, Text } from '@mantine/core';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFirstScreen } from '../../app/first-screen';
import { PLAN_REQUIRED_REASON } from '../../app/plan-required';
import { isPlayOnOpen } from '../../app/play-on-open';
import { useViewer } from '../../app/use-viewer';
import { usePlaylistNextUp } from '../../shared/use-playlist-next-up';
import { chunkWithTheStream, useChunkWithTheStream } from '../../shared/video-player/chunk-with-the-stream';
import { PlayerBox } from '../../shared/video-player/player-box';
import { usePlayerPreferences, useSavePreferences } from '../../shared/video-player/player-preferences';
import { VideoPlayer } from '../../shared/video-player/video-player';
import classes from './player-page.module.css';
import { historyKey, playbackQueryKey, usePlayback, useVideoDetail } from './queries';
import { UpgradeView } from './upgrade-view';

/**
 * What comes below the video (details, recommendations, comments) is a chunk apart, here by the first frame but
 * not evaluated before it (issue 21 item 3, decision 0076).
 */
const belowThePlayerChunk = chunkWithTheStream(() => import('./below-the-player'));

/** The longest the page's secondary requests wait for the video's first frame. */
const SECONDARY_WAIT_MS = 3000;

/**
 * /PlayerPage?v=&type=&playlistId=&target= (spec 2 §2): the player, then the video's details. Guests see
 * 'Please log in to view the content.' and playing sends them to /SignUp; without a plan the API answers
 * SUBSCRIPTION_REQUIRED and the page goes to /plans; class videos without a user type get the upgrade view.
 */
export function PlayerPage() {
  const [params] = useSearchParams();
  const videoId = params.get('v') ?? '';
  const type = normalizeContentType(params.get('type'));
  const playlistId = params.get('playlistId');
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isLoading } = useViewer();
  const isMember = user !== null;
  const detail = useVideoDetail(videoId, isMember);
  // The details render at low priority: the player (and hls.js's callbacks) go first.
  const detailData = useDeferredValue(detail.data);
  const playback = usePlayback(videoId, type, isMember);
  const preferences = usePlayerPreferences(isMember);
  const savePreferences = useSavePreferences();
  const session = useSession();
  const queryClient = useQueryClient();
  const csrfToken = session.data?.csrfToken ?? null;
  // This very address came rendered by the server (decision 0072): its poster is in the markup as an image.
  const isServerRendered = useFirstScreen()?.location === `${location.pathname}${location.search}`;

  const playbackError = playback.error instanceof ApiError ? playback.error : null;
  useEffect(() => {
    // The plans page says why the member landed there (issue 22 item 7).
    if (playbackError?.code === 'SUBSCRIPTION_REQUIRED')
      void navigate('/plans', { replace: true, state: { reason: PLAN_REQUIRED_REASON } });
  }, [playbackError, navigate]);

  // keepalive: the last position still arrives when the tab closes.
  const saveProgress = useCallback(
    (positionSeconds: number, durationSeconds: number) => {
      if (!csrfToken || !videoId) return;
      void fetch(
        `/api/v1${progressEndpoints.saveProgress.path.replace(':videoId', encodeURIComponent(videoId))}`,
        {
          method: 'PUT',
          credentials: 'include',
          keepalive: true,
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body: JSON.stringify({ positionSeconds, durationSeconds }),
        },
      )
        // Once saved, "Continue Watching" and /History show the new position.
        .then((response) => {
          if (response.ok) void queryClient.invalidateQueries({ queryKey: historyKey });
        })
        .catch(() => {});
    },
    [csrfToken, videoId, queryClient],
  );
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.home }), [queryClient]);

  // Practice time, in small batches; keepalive so the last one still arrives when the page goes away.
  const reportPractice = useCallback(
    (seconds: number) => {
      if (!csrfToken || !videoId) return;
      void fetch(`/api/v1${practiceEndpoints.report.path}`, {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({
          videoId,
          seconds,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
      }).catch(() => {});
    },
    [csrfToken, videoId],
  );

  const onExpired = useCallback(() => void playback.refetch(), [playback.refetch]);
  // "Video first": the details' images and the recommendations wait for the video's first frame (at most
  // a few seconds), so the first segments do not queue behind them. A timer or the player sets it, so it is a
  // transition (decision 0073): the details render in slices, not in one long task on a slow phone.
  const [readyVideoId, setReadyVideoId] = useState<string | null>(null);
  const onVideoReady = useCallback(() => startTransition(() => setReadyVideoId(videoId)), [videoId]);
  useEffect(() => {
    const timer = window.setTimeout(onVideoReady, SECONDARY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [onVideoReady]);
  // In a playlist the next video starts when this one ends (spec 2 §2: plays through in order).
  const playlistNext = usePlaylistNextUp(type, playlistId, videoId);
  const nextVideo = playlistNext.items?.[0] ?? null;
  const onEnded = useCallback(() => {
    if (nextVideo) void navigate(playerPath(nextVideo.id, type, playlistId));
  }, [nextVideo, navigate, type, playlistId]);

  const isStarting =
    readyVideoId !== videoId && !playback.isError && (playback.isPending || Boolean(playback.data?.source));
  // What comes below the video is asked for when the stream may start, or when it is due if that comes first
  // (a page without a stream). Guests see the upgrade view or the sign-in page: they have no use for it.
  const below = useChunkWithTheStream(belowThePlayerChunk, {
    isWanted: isMember,
    isDueNow: Boolean(detailData) && !isStarting,
  });

  if (!videoId) {
    return (
      <Container size="lg" py="md">
        <PlayerBox>
          <Text>{PLAYER_MESSAGES.videoFetchFailed}</Text>
        </PlayerBox>
      </Container>
    );
  }

  if (isLoading) {
    return (
      <Container size="lg" py="md">
        <PlayerBox>
          <Text>{PLAYER_MESSAGES.loading}</Text>
        </PlayerBox>
      </Container>
    );
  }

  if (!user) {
    return (
      <Container size="lg" py="md">
        <PlayerBox>
          <Stack align="center" gap="md">
            <Text fw={600} ta="center">
              {PLAYER_MESSAGES.notLoggedIn}
            </Text>
            <Button
              leftSection={<IconPlayerPlayFilled size={18} />}
              onClick={() => navigate('/SignUp')}
              color="pink"
            >
              Play
            </Button>
          </Stack>
        </PlayerBox>
      </Container>
    );
  }

  const prefs = preferences.data ?? { isMirrored: false, playbackRate: 1 };
  const data = playback.data;

  const autoPlay = playlistNext.isPlaylist || isPlayOnOpen(location.state);
  const playerProps = {
    isMirrored: prefs.isMirrored,
    playbackRate: prefs.playbackRate,
    onPreferencesChange: (next: { isMirrored: boolean; playbackRate: number }) =>
      savePreferences.mutate(next),
    onProgress: saveProgress,
    onPractice: reportPractice,
    onExpired,
    onEnded,
    onReady: onVideoReady,
    videoId,
    autoPlay,
    title: detail.data?.title ?? 'Video',
  };

  let playerArea: React.ReactNode;
  if (playbackError?.code === 'SUBSCRIPTION_REQUIRED') {
    playerArea = (
      <PlayerBox>
        <Text>{PLAYER_MESSAGES.loading}</Text>
      </PlayerBox>
    );
  } else if (playback.isPending) {
    // The player's empty frame ("loading....") is already on the page: the tuned start-up attaches the
    // stream to its element as soon as the playback answer arrives, before the page renders with it.
    playerArea = (
      <VideoPlayer
        key={videoId}
        stream={null}
        offerFor={videoId}
        // The answer may arrive between this render and its commit: its poster is on the element at once.
        posterOnMount={() =>
          queryClient.getQueryData<typeof data>(playbackQueryKey(videoId, type))?.source?.posterUrl ?? null
        }
        chapters={[]}
        startAt={null}
        {...playerProps}
      />
    );
  } else if (playback.isError || !data) {
    playerArea = (
      <PlayerBox>
        <Text role="alert" ta="center" px="md">
          {playbackError?.message ?? PLAYER_MESSAGES.videoFetchFailed}
        </Text>
      </PlayerBox>
    );
  } else if (data.access === 'upgrade') {
    playerArea = null;
  } else if (data.access === 'trailer') {
    // A class released later: its trailer until the release, with no progress saved for the class.
    playerArea = (
      <Stack gap="xs" data-testid="coming-soon-view">
        {data.trailer && (
          <VideoPlayer
            key={`${videoId}-trailer`}
            stream={data.trailer}
            chapters={[]}
            startAt={null}
            isMirrored={prefs.isMirrored}
            playbackRate={1}
            onPreferencesChange={() => {}}
            title={`${detail.data?.title ?? 'Class'} trailer`}
          />
        )}
        {data.trailer ? (
          <Text c="dimmed">{PLAYER_MESSAGES.classComingSoonTrailer}</Text>
        ) : (
          <PlayerBox>
            <Text>{PLAYER_MESSAGES.classComingSoon}</Text>
          </PlayerBox>
        )}
      </Stack>
    );
  } else if (data.source) {
    playerArea = (
      // Same key as while pending: the same player (and video element) carries on with its stream; a
      // refreshed stream URL (expired links) is swapped in place.
      <VideoPlayer
        key={videoId}
        stream={data.source}
        chapters={data.chapters}
        startAt={data.resumeAtSeconds}
        firstScreenPoster={isServerRendered ? data.source.posterUrl : null}
        {...playerProps}
      />
    );
  }

  return (
    <Container size="lg" py="md" className={classes.page}>
      <Stack gap="lg">
        {data?.access === 'upgrade' ? (
          <UpgradeView trailer={data.trailer} detail={detail.data ?? null} prefs={prefs} />
        ) : (
          playerArea
        )}
        {/* The details and the comments come with the video's first frame (the first render is the player's
            alone), below it. */}
        {detailData && !isStarting && below && below !== 'failed' && (
          <below.BelowThePlayer
            videoId={videoId}
            detail={detailData}
            type={type}
            playlistId={playlistId}
            trailer={(data?.trailer ?? null) as TStream | null}
            hasDetails={data?.access !== 'upgrade'}
            target={params.get('target')}
          />
        )}
        {((detail.isError && !detail.data) || below === 'failed') && (
          <Box>
            <Text c="red">{detail.error?.message || PLAYER_MESSAGES.videoFetchFailed}</Text>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
