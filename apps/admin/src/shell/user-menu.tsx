import { useSession } from '@dance/api-client';
import { fullName, initialsOf } from '@dance/domain';
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLogout } from '@tabler/icons-react';
import { env } from '../app/env';
import { useSignOut } from '../features/auth/use-sign-out';
import classes from './user-menu.module.css';

/** The signed-in admin, with Logout (spec 3 §2) and a way to see the member site as members do. */
export function UserMenu() {
  const { data: session } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  if (!session) return null;
  const { user } = session;
  const name = fullName(user) || user.email;
  const initials = initialsOf(user) || user.email.charAt(0);

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named "Account menu for" and its visible text (name, e-mail): axe's label-content-name-mismatch. */}
        <UnstyledButton className={classes.target}>
          <VisuallyHidden>Account menu for</VisuallyHidden>
          {/* Phones hide the name and e-mail: the name is still read. */}
          <VisuallyHidden hiddenFrom="sm">{name}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={user.imageUrl}
              alt=""
              aria-hidden
              radius="xl"
              size={34}
              color="stage"
              variant="filled"
            >
              {initials}
            </Avatar>
            <Box visibleFrom="sm" className={classes.identity}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {user.email}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.7} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.email}</Menu.Label>
        <Menu.Item
          component="a"
          href={env.memberAppUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          Open member site
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          c="var(--mantine-color-red-light-color)"
          leftSection={<IconLogout size={16} />}
          disabled={isSigningOut}
          onClick={() => void signOut()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
