import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** How the notification looks on a member's device (a system notification with its image). */
export function NotificationPreview({
  title,
  body,
  imageUrl,
}: {
  title: string;
  body: string;
  imageUrl: string | null;
}) {
  return (
    <Stack gap={6} aria-label="Preview">
      <Text size="sm" fw={600}>
        Preview
      </Text>
      <Paper withBorder radius="lg" p="sm" shadow="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Paper radius="md" p={6} bg="var(--mantine-primary-color-light)" style={{ flex: 'none' }}>
            <IconBell size={18} aria-hidden="true" />
          </Paper>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                Dance Training · now
              </Text>
            </Group>
            <Text size="sm" fw={700} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {title.trim() || 'Title'}
            </Text>
            <Text
              size="sm"
              c="dimmed"
              lineClamp={4}
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            >
              {body.trim() || 'Message'}
            </Text>
            {imageUrl && <Image src={imageUrl} alt="" radius="sm" mt={6} mah={160} fit="cover" />}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
