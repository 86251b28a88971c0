import { Button, Group, Text } from '@mantine/core';

/**
 * Said in place of a part of the player whose code could not load (useChunkWithTheStream's `'failed'`): the
 * video still plays, and the member knows why a tool is missing and how to get it back.
 */
export function ChunkFailed({ message }: { message: string }) {
  return (
    <Group gap="xs" role="status">
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Group>
  );
}
