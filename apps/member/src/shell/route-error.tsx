import { MESSAGES } from '@dance/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render or its code fails to load (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Stack align="center" py={96} px="md" gap="sm" ta="center">
      <Title order={1} fz={28}>
        {MESSAGES.somethingWentWrong}
      </Title>
      <Text c="dimmed">Please reload the page. If it keeps happening, contact our support team.</Text>
      <Button mt="md" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
