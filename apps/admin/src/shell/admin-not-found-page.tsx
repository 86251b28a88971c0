import { Button, Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ADMIN_HOME_PATH } from '../app/paths';

/** Any console address without a screen, shown inside the layout so the navigation stays at hand. */
export function AdminNotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found · Admin');
  return (
    <Center mih="calc(100dvh - 64px - 2 * var(--mantine-spacing-xl))">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={520} w="100%" shadow="xs">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMapSearch size={32} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            Page not found
          </Title>
          <Text c="dimmed">The admin console has no page at this address:</Text>
          <Code fz="sm" px="sm" py={6} maw="100%" style={{ overflowWrap: 'anywhere' }}>
            {pathname}
          </Code>
          <Button component={Link} to={ADMIN_HOME_PATH} mt="sm" leftSection={<IconArrowLeft size={18} />}>
            Back to All Videos
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
