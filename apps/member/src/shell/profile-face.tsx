import { initialsOf, type TSessionUser } from '@dance/domain';
import { Avatar, Group, Text } from '@mantine/core';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';

/**
 * What the header's profile menu button shows: the avatar, the first name (from md up) and the chevron. Also the
 * stand-in while the menu's code loads, so the header keeps its width (the avatar alone was narrower, and the
 * search box and the bell moved when the menu came).
 */
export function ProfileFace({ user }: { user: TSessionUser }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar
        src={user.imageUrl}
        alt=""
        aria-hidden
        radius={999}
        size={36}
        variant="gradient"
        gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
      >
        {initialsOf(user)}
      </Avatar>
      <Text fw={700} size="sm" visibleFrom="md" maw={140} truncate>
        {user.firstName}
      </Text>
      <IconChevronDown size={16} aria-hidden="true" />
    </Group>
  );
}
