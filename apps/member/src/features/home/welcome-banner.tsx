import type { TSessionUser } from '@dance/domain';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import classes from './welcome-banner.module.css';

/** Whether this device's last home visit was a member's: the placeholder takes that banner's shape. */
const LAST_VIEWER_KEY = 'home.welcome-viewer';
/** A name of ordinary length, for the member banner's placeholder (its lines wrap as a real name's would). */
const PLACEHOLDER_MEMBER = { firstName: 'Alexandra', lastName: 'Martinez' } as TSessionUser;

function wasMemberLastTime(): boolean {
  try {
    return localStorage.getItem(LAST_VIEWER_KEY) === 'member';
  } catch {
    return false;
  }
}

/**
 * While the session loads: the banner this device most likely gets, invisible, so it holds exactly that
 * banner's height at any width and with any font. The page below does not move when the real one shows
 * (a fixed min-height was short on phones, where the guest banner wraps to twice its desktop height: CLS
 * 0.1 on a slow phone, issue 21 item 3). Hidden from assistive technology and from focus.
 */
export function WelcomeBannerPlaceholder() {
  return (
    <Box aria-hidden="true" inert className={classes.placeholder}>
      <WelcomeBanner user={wasMemberLastTime() ? PLACEHOLDER_MEMBER : null} isPlaceholder />
    </Box>
  );
}

function StageRings() {
  return (
    <svg className={classes.rings} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      {[96, 76, 56, 36].map((r) => (
        <circle
          key={r}
          cx="100"
          cy="100"
          r={r}
          fill="none"
          stroke="#fff"
          strokeOpacity="0.35"
          strokeWidth="1.2"
        />
      ))}
    </svg>
  );
}

/** The home page's welcome banner (spec 1 §2): a greeting for members, an invitation for guests. */
export function WelcomeBanner({
  user,
  isPlaceholder = false,
}: {
  user: TSessionUser | null;
  isPlaceholder?: boolean;
}) {
  useEffect(() => {
    if (isPlaceholder) return;
    try {
      localStorage.setItem(LAST_VIEWER_KEY, user ? 'member' : 'guest');
    } catch {
      // Storage may be blocked: the placeholder then takes the guest banner's shape.
    }
  }, [user, isPlaceholder]);
  const titleId = isPlaceholder ? undefined : 'welcome-title';
  return (
    <Box component="section" className={classes.banner} aria-labelledby={titleId}>
      <StageRings />
      <div className={classes.content}>
        {user ? (
          <>
            <Text tt="uppercase" fw={700} fz="xs" lts={2} c="rgba(255,255,255,0.8)">
              Ready to train?
            </Text>
            <Title id={titleId} order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.1} mt={8}>
              Welcome, {user.firstName} {user.lastName}.
            </Title>
            <Text mt="md" fz={{ base: 'md', sm: 'lg' }} c="rgba(255,255,255,0.88)">
              Pick up where you left off, or find something new in the library.
            </Text>
          </>
        ) : (
          <>
            <Text tt="uppercase" fw={700} fz="xs" lts={2} c="rgba(255,255,255,0.8)">
              On-demand dance training
            </Text>
            <Title id={titleId} order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.1} mt={8}>
              Join The Community and Access Exclusive Content
            </Title>
            <Text mt="md" fz={{ base: 'md', sm: 'lg' }} c="rgba(255,255,255,0.88)">
              Lessons, exercises, across-the-floor videos and classes from teachers who train champions.
            </Text>
            <Group mt="xl" gap="sm">
              <Button component={Link} to="/SignUp" size="md" color="white" c="stage.8">
                SIGN UP
              </Button>
              <Button component={Link} to="/login" size="md" variant="outline" className={classes.ghost}>
                LOG IN
              </Button>
            </Group>
          </>
        )}
      </div>
    </Box>
  );
}
