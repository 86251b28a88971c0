import { useLogout } from '@dance/api-client';
import { fullName, type TSessionUser } from '@dance/domain';
import { Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import IconHistory from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import IconTargetArrow from '@tabler/icons-react/dist/esm/icons/IconTargetArrow.mjs';
import IconUserCircle from '@tabler/icons-react/dist/esm/icons/IconUserCircle.mjs';
import { Link, useNavigate } from 'react-router';
import { clearBrowserStorage } from './clear-browser-storage';
import { ProfileFace } from './profile-face';

/** The header's profile menu: My account, Practice, History and Logout (spec 1 §2, §4; issue 22 item 8). */
export function ProfileMenu({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  const navigate = useNavigate();

  async function logOut() {
    try {
      await logout.mutateAsync();
    } catch {
      // The hook has already forgotten the session locally; the member is logged out either way.
    }
    clearBrowserStorage();
    navigate('/login');
  }

  return (
    <Menu position="bottom-end" width={220} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        {/* Named by its visible text (the first name) after "Open profile menu": label-content-name-mismatch. */}
        <UnstyledButton style={{ borderRadius: 999 }}>
          <VisuallyHidden>Open profile menu</VisuallyHidden>
          <ProfileFace user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="var(--mantine-color-text)" truncate>
            {fullName(user)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={18} />}>
          My account
        </Menu.Item>
        <Menu.Item component={Link} to="/practice" leftSection={<IconTargetArrow size={18} />}>
          Practice
        </Menu.Item>
        <Menu.Item component={Link} to="/History" leftSection={<IconHistory size={18} />}>
          History
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={18} />}
          onClick={logOut}
          c="var(--mantine-color-red-light-color)"
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
