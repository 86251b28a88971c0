import { BrandLogo } from '@dance/ui';
import {
  ActionIcon,
  Badge,
  Burger,
  Group,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_HOME_PATH } from '../app/paths';
import classes from './admin-header.module.css';
import { UserMenu } from './user-menu';

interface AdminHeaderProps {
  isNavOpen: boolean;
  onToggleNav: () => void;
}

export function AdminHeader({ isNavOpen, onToggleNav }: AdminHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavOpen}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
        />
        <Link to={ADMIN_HOME_PATH} aria-label="Dance Training admin home" className={classes.homeLink}>
          <BrandLogo size={30} visibleFrom="xs" />
          <BrandLogo size={30} isMarkOnly hiddenFrom="xs" />
        </Link>
        <Badge variant="gradient" gradient={{ from: 'stage.7', to: 'midnight.6', deg: 120 }} radius="sm">
          Admin
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </Group>
  );
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = scheme === 'dark';
  const label = isDark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        aria-label={label}
        onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
      >
        {isDark ? <IconSun size={18} stroke={1.7} /> : <IconMoon size={18} stroke={1.7} />}
      </ActionIcon>
    </Tooltip>
  );
}
