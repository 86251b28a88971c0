import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NotFoundViewProps {
  /** The way back, e.g. a router link rendered as a button; the app decides where it points. */
  action?: ReactNode;
  title?: string;
  message?: string;
}

/** The not-found page: a clear 404 with a way back, for any route that does not exist. */
export function NotFoundView({
  action,
  title = 'This page has left the stage',
  message = "The page you are looking for doesn't exist or has moved. Check the address, or head back to the home page.",
}: NotFoundViewProps) {
  return (
    <Stack align="center" gap="sm" py={80} px="md" ta="center">
      <Text
        component="p"
        fw={900}
        ff="heading"
        fz={{ base: 88, sm: 128 }}
        lh={1}
        className="dance-wordmark-accent"
        aria-hidden="true"
        m={0}
      >
        404
      </Text>
      <Title order={1} fz={{ base: 24, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={480}>
        {message}
      </Text>
      {action ?? null}
    </Stack>
  );
}
