import { useCategories, useHome } from '@dance/api-client';
import { BREAKPOINTS, HOME_GROUPS, HOME_RECENT_COUNT, type TVideoCard } from '@dance/domain';
import { Alert, Box, Container, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useFirstScreen } from '../../app/first-screen';
import { useViewer } from '../../app/use-viewer';
import { useCardActions } from '../../shared/videos/member-video-card';
import { VideoGridSkeleton } from '../../shared/videos/video-grid';
import classes from './home.module.css';
import { type HomeTab, HomeTabs } from './home-tabs';
import { MainBanner } from './main-banner';
import { useContinueProgress } from './queries';
import { VideoRow } from './video-row';
import { WelcomeBanner, WelcomeBannerPlaceholder } from './welcome-banner';

const { recent: RECENT, featured: FEATURED, saved: SAVED, continue: CONTINUE } = HOME_GROUPS;
const MOBILE_TAB_SIZE = 6;

/**
 * Home (spec 1 §2): the welcome banner, the active main banner, and the video rows by group name
 * (Recent Releases shows the first 6, Featured, Saved for members, one row per category). Phones
 * (under 768 px) get the tabs Recent, Featured and Saved instead of the first three rows. A member with
 * videos in progress gets "Continue Watching" first (issue 4), each card with how far they got.
 */
export function HomePage() {
  const { user, isLoading: isSessionLoading } = useViewer();
  const home = useHome();
  const categories = useCategories();
  const cardActions = useCardActions();
  // Read synchronously on the first render: phones never flash the desktop rows. A page the server rendered
  // starts from the server's guess instead, so that hydration finds the same markup (decision 0071).
  const firstScreen = useFirstScreen();
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 0.02}px)`, firstScreen?.isMobile, {
    getInitialValueInEffect: firstScreen !== null,
  });

  // The banner (the largest paint) commits as soon as the data is here; the card rows render right after,
  // at lower priority, so they never hold the banner image back.
  const rowsData = useDeferredValue(home.data);
  // The category rows sit below the fold: they render once the first rows have committed, so their many
  // cards never hold back the first cards' paint (on phones a card, not the banner, is the largest paint).
  const [isBelowFoldShown, setIsBelowFoldShown] = useState(false);
  useEffect(() => {
    if (rowsData && !isBelowFoldShown) startTransition(() => setIsBelowFoldShown(true));
  }, [rowsData, isBelowFoldShown]);
  const groups = rowsData?.groups ?? [];
  const groupVideos = (name: string): TVideoCard[] => groups.find((g) => g.name === name)?.videos ?? [];
  const recent = groupVideos(RECENT).slice(0, HOME_RECENT_COUNT);
  const featured = groupVideos(FEATURED);
  const hasSavedRow = user !== null && groups.some((g) => g.name === SAVED);
  const continueVideos = user ? groupVideos(CONTINUE) : [];
  const progress = useContinueProgress(continueVideos.length > 0);
  const routeOf = new Map((categories.data ?? []).map((c) => [c.name, c.routePath ?? undefined]));
  const categoryGroups = groups.filter((g) => !(Object.values(HOME_GROUPS) as string[]).includes(g.name));

  const tabs: HomeTab[] = [
    { value: 'recent', label: 'Recent', videos: recent, empty: 'No new releases yet.' },
    {
      value: 'featured',
      label: 'Featured',
      videos: featured.slice(0, MOBILE_TAB_SIZE),
      empty: 'Nothing featured yet.',
    },
    ...(user
      ? [
          {
            value: 'saved',
            label: 'Saved',
            videos: groupVideos(SAVED).slice(0, MOBILE_TAB_SIZE),
            empty: 'Tap the bookmark on any video to save it here.',
          },
        ]
      : []),
  ];

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={32}>
        {isSessionLoading ? <WelcomeBannerPlaceholder /> : <WelcomeBanner user={user} />}
        <MainBanner banner={home.data?.banner ?? null} isLoading={home.isPending} />
        {home.isError ? (
          <Alert color="red" variant="light" title="The videos could not be loaded">
            Check your connection and reload the page.
          </Alert>
        ) : !rowsData ? (
          <VideoGridSkeleton count={4} />
        ) : (
          <>
            {continueVideos.length > 0 && (
              <VideoRow
                title={CONTINUE}
                videos={continueVideos}
                viewAllTo="/History"
                actions={cardActions}
                progress={progress.data}
              />
            )}
            {isMobile ? (
              <HomeTabs tabs={tabs} actions={cardActions} />
            ) : (
              <>
                <VideoRow
                  title={RECENT}
                  videos={recent}
                  viewAllTo="/AllVideos"
                  actions={cardActions}
                  isPriority
                />
                <VideoRow title={FEATURED} videos={featured} actions={cardActions} />
                {hasSavedRow && (
                  <VideoRow
                    title={SAVED}
                    videos={groupVideos(SAVED)}
                    viewAllTo="/saved"
                    actions={cardActions}
                    empty={
                      <Box className={classes.savedHint}>
                        Tap the bookmark on any video to save it here for later.
                      </Box>
                    }
                  />
                )}
              </>
            )}
            {isBelowFoldShown &&
              categoryGroups.map((group) => (
                <VideoRow
                  key={group.name}
                  title={group.name}
                  videos={group.videos}
                  viewAllTo={routeOf.get(group.name)}
                  actions={cardActions}
                />
              ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
