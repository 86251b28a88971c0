import type { TSessionUser } from '@dance/domain';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './welcome-banner.module.css';

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
export function WelcomeBanner({ user }: { user: TSessionUser | null }) {
  return (
    <Box component="section" className={classes.banner} aria-labelledby="welcome-title">
      <StageRings />
      <div className={classes.content}>
        {user ? (
          <>
            <Text tt="uppercase" fw={700} fz="xs" lts={2} c="rgba(255,255,255,0.8)">
              Ready to train?
            </Text>
            <Title id="welcome-title" order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.1} mt={8}>
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
            <Title id="welcome-title" order={1} c="white" fz={{ base: 30, sm: 44 }} lh={1.1} mt={8}>
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
