import { useSession } from '@dance/api-client';
import { policy } from '@dance/domain';
import { BrandLogo } from '@dance/ui';
import { Badge, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { ADMIN_HOME_PATH } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';
import { useSignOutStore } from './sign-out-store';

/** /login and /Login of the console: an admin with a live session goes straight to All Videos. */
export function LoginPage() {
  useDocumentTitle('LogIn · Admin');
  const session = useSession();
  const setSigningOut = useSignOutStore((state) => state.setSigningOut);

  // Arriving here ends a logout: from now on a missing session is news the guard must report.
  useEffect(() => setSigningOut(false), [setSigningOut]);

  if (session.isPending) return <PageLoader isFullScreen label="Checking your session" />;
  if (session.data && policy.canUseAdminConsole(session.data.user))
    return <Navigate to={ADMIN_HOME_PATH} replace />;

  return (
    <Box className={classes.page}>
      <Box className={classes.stage} visibleFrom="md">
        <BrandLogo size={40} className={classes.stageLogo} />
        <Stack gap="md" maw={460}>
          <Title order={2} className={classes.stageTitle}>
            The back office
          </Title>
          <Text className={classes.stageText}>
            Videos and classes, the catalogue, members, playlists, banners and the Teacher Resource Center:
            all in one place.
          </Text>
        </Stack>
        <Text size="sm" className={classes.stageFooter}>
          © 2023 Dance Training
        </Text>
      </Box>
      <Box component="main" className={classes.formSide}>
        <Paper className={classes.card} withBorder radius="lg" shadow="md">
          <Stack gap="lg">
            <Box hiddenFrom="md">
              <BrandLogo size={32} />
            </Box>
            <Stack gap={6}>
              <Badge variant="light" size="md" radius="sm" w="fit-content">
                Admin console
              </Badge>
              <Title order={1} fz={32}>
                LogIn
              </Title>
              <Text c="dimmed" size="sm">
                Sign in with your admin account.
              </Text>
            </Stack>
            <LoginForm />
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
