import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

interface ProblemViewProps {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  isFullScreen?: boolean;
}

/** A failure the admin can retry (the API unreachable, a screen's code that failed to load). */
export function ProblemView({
  title,
  message,
  onRetry,
  retryLabel = 'Try again',
  isFullScreen,
}: ProblemViewProps) {
  return (
    <Center mih={isFullScreen ? '100dvh' : 360} p="xl">
      <Stack align="center" gap="sm" maw={440} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button mt="xs" variant="light" leftSection={<IconRefresh size={18} />} onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Center>
  );
}
