import { policy } from '@dance/domain';
import { BrandLogo } from '@dance/ui';
import { ActionIcon, Box, Burger, Button, Group, Loader } from '@mantine/core';
import IconLogin2 from '@tabler/icons-react/dist/esm/icons/IconLogin2.mjs';
import IconSparkles from '@tabler/icons-react/dist/esm/icons/IconSparkles.mjs';
import { Link } from 'react-router';
import { useViewer } from '../app/use-viewer';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LazyInboxBell } from './inbox-bell-lazy';
import { LazyProfileMenu } from './profile-menu-lazy';
import { SearchBox } from './search-box';
import classes from './site-header.module.css';

function HeaderActions() {
  const { user, isLoading } = useViewer();
  if (isLoading) return <Loader size="xs" type="dots" role="status" aria-label="Loading your account" />;
  if (!user) {
    return (
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          component={Link}
          to="/login"
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label="Log in"
        >
          <IconLogin2 size={20} />
        </ActionIcon>
        <Button component={Link} to="/SignUp" size="sm">
          SIGN UP
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      {policy.canSeeUpgradeLink(user) && (
        <Button
          component={Link}
          to="/plans"
          size="sm"
          variant="gradient"
          gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
          leftSection={<IconSparkles size={16} />}
        >
          UPGRADE
        </Button>
      )}
      <LazyInboxBell userId={user.id} />
      <LazyProfileMenu user={user} />
    </Group>
  );
}

/** The header of spec 1 §2: menu toggle, logo, search, UPGRADE, profile menu or the guest's login and sign-up. */
export function SiteHeader({ isMenuOpen, onToggleMenu }: { isMenuOpen: boolean; onToggleMenu: () => void }) {
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} gap="sm" wrap="nowrap" className={classes.header}>
      <Burger opened={isMenuOpen} onClick={onToggleMenu} size="sm" aria-label="Toggle menu" />
      <Link to="/" className={classes.logo} aria-label="Dance Training home">
        <BrandLogo size={32} visibleFrom="xs" />
        <BrandLogo size={32} isMarkOnly hiddenFrom="xs" />
      </Link>
      <Box className={classes.search} visibleFrom="sm">
        <SearchBox />
      </Box>
      <Group gap="xs" wrap="nowrap" ml="auto">
        <ColorSchemeToggle />
        <HeaderActions />
      </Group>
    </Group>
  );
}
