import { BrandLogo } from '@dance/ui';
import { Box, List, Paper, Stack, Text, Title } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { Link, Outlet } from 'react-router';
import classes from './auth-layout.module.css';

const PERKS = [
  'Lessons, exercises and across-the-floor videos',
  'Classes with teachers who train champions',
  'Saved videos and playlists for every practice',
  'A Teacher Resource Center for studios',
];

/** Login, sign-up and password pages: a stage-lit brand panel beside a focused form. */
export function AuthLayout() {
  return (
    <Box className={classes.root}>
      <Box className={classes.stage} aria-hidden="true">
        <BrandLogo size={40} isInverse />
        <Stack gap="lg" maw={440} style={{ position: 'relative', zIndex: 1 }}>
          <Title order={2} c="white" fz={40} lh={1.1}>
            Train anywhere.
            <br />
            Dance everywhere.
          </Title>
          <Text fz="lg" c="rgba(255,255,255,0.85)">
            On-demand training from the studio to your living room, for dancers, parents and teachers.
          </Text>
          <List
            spacing="sm"
            c="white"
            icon={
              <Box
                component="span"
                style={{
                  display: 'inline-flex',
                  borderRadius: 99,
                  background: 'rgba(255,255,255,0.2)',
                  padding: 3,
                }}
              >
                <IconCheck size={14} stroke={3} />
              </Box>
            }
          >
            {PERKS.map((perk) => (
              <List.Item key={perk}>{perk}</List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="sm" c="rgba(255,255,255,0.7)">
          Join thousands of dancers training every day.
        </Text>
      </Box>
      <Box className={classes.formSide}>
        <Box mb={32}>
          <Link to="/" className={classes.logoLink} aria-label="Dance Training home">
            <BrandLogo size={40} />
          </Link>
        </Box>
        {/* The form is the page's main landmark (issue 22 item 15: /login and /SignUp had none). */}
        <Paper
          component="main"
          className={classes.card}
          p={{ base: 'lg', sm: 40 }}
          radius="lg"
          shadow="md"
          withBorder
        >
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
