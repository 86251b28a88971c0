import { Box, NavLink, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isNavItemActive, VISIBLE_ADMIN_NAV } from './admin-nav';
import classes from './admin-navbar.module.css';

/** The console's section navigation; on narrow screens it lives in the drawer the header's burger opens. */
export function AdminNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollArea className={classes.scroll} type="scroll" scrollbarSize={6}>
        <Box component="nav" aria-label="Admin sections" px="sm" py="md">
          <Stack gap="lg">
            {VISIBLE_ADMIN_NAV.map((group) => (
              <Box key={group.label} role="group" aria-labelledby={`nav-group-${group.label}`}>
                <Text id={`nav-group-${group.label}`} className={classes.groupLabel}>
                  {group.label}
                </Text>
                <Stack gap={2}>
                  {group.items.map((item) => {
                    const isActive = isNavItemActive(item, pathname);
                    const Icon = item.icon;
                    return (
                      <NavLink
                        key={item.to}
                        component={Link}
                        to={item.to}
                        label={item.label}
                        active={isActive}
                        aria-current={isActive ? 'page' : undefined}
                        variant="light"
                        className={classes.link}
                        onClick={onNavigate}
                        leftSection={
                          <ThemeIcon
                            size={28}
                            radius="md"
                            variant={isActive ? 'filled' : 'light'}
                            color={isActive ? undefined : 'gray'}
                          >
                            <Icon size={16} stroke={1.8} />
                          </ThemeIcon>
                        }
                      />
                    );
                  })}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Box>
      </ScrollArea>
      <Box className={classes.footer}>
        <Text size="xs" c="dimmed">
          © 2023 Dance Training
        </Text>
      </Box>
    </>
  );
}
