import { ActionIcon, Box, Collapse, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import classes from './trc-layout.module.css';
import pageClasses from './trc-page.module.css';
import { TRC_HOME, TRC_NAV } from './trc-paths';
import { TrcSearchForm } from './trc-search-form';

/** Below 1200 px the search box takes its mobile form (spec 2 §2): a button that opens it under the header. */
const MOBILE_SEARCH_QUERY = '(max-width: 1199.98px)';

function isActive(pathname: string, to: string) {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === to.toLowerCase() || path.startsWith(`${to.toLowerCase()}/`);
}

/** The TRC header of spec 2 §2: its title, LESSON PLANS, VIDEOS, RESOURCES, VIEW ALL and the search box. */
export function TrcHeader() {
  const { pathname } = useLocation();
  const isMobileSearch = useMediaQuery(MOBILE_SEARCH_QUERY) ?? false;
  const [isSearchOpen, search] = useDisclosure(false);

  // A new page closes the mobile search.
  useEffect(() => {
    search.close();
  }, [pathname, search.close]);

  return (
    <Box component="header" className={classes.header} aria-label="Teacher Resource Center">
      <Group justify="space-between" wrap="nowrap" gap="md" className={classes.bar}>
        <UnstyledButton component={Link} to={TRC_HOME} className={classes.title}>
          <Text fw={800} fz={{ base: 'md', sm: 'lg' }} lh={1.2}>
            Teacher Resource Center
          </Text>
        </UnstyledButton>
        {isMobileSearch ? (
          <ActionIcon
            variant={isSearchOpen ? 'filled' : 'default'}
            size="lg"
            radius="xl"
            onClick={search.toggle}
            aria-label={isSearchOpen ? 'Close search' : 'Search the Teacher Resource Center'}
            aria-expanded={isSearchOpen}
            aria-controls="trc-mobile-search"
          >
            {isSearchOpen ? <IconX size={18} /> : <IconSearch size={18} />}
          </ActionIcon>
        ) : (
          <Box w={340}>
            <TrcSearchForm />
          </Box>
        )}
      </Group>
      {isMobileSearch && (
        <Collapse expanded={isSearchOpen} id="trc-mobile-search">
          <Box pb="sm">{isSearchOpen && <TrcSearchForm autoFocus onSearch={search.close} />}</Box>
        </Collapse>
      )}
      <ScrollArea type="never" offsetScrollbars={false}>
        <nav aria-label="Teacher Resource Center sections">
          <Group gap={4} wrap="nowrap" className={classes.links}>
            {TRC_NAV.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  className={classes.link}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              );
            })}
          </Group>
        </nav>
      </ScrollArea>
    </Box>
  );
}

/** Every guarded TRC page: the TRC header over the page. */
export function TrcLayout() {
  return (
    <div className={pageClasses.page} data-testid="trc-page">
      <TrcHeader />
      <Outlet />
    </div>
  );
}
