import { Stack, Text, ThemeIcon } from '@mantine/core';
import IconMovieOff from '@tabler/icons-react/dist/esm/icons/IconMovieOff.mjs';
import type { ReactNode } from 'react';

/** The empty state of a list: an icon, the message (the spec's text) and an optional action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMovieOff size={28} />
      </ThemeIcon>
      <Text fw={600} maw={520}>
        {message}
      </Text>
      {children}
    </Stack>
  );
}
