import { LINKS, policy } from '@dance/domain';
import { Divider, NavLink, Stack } from '@mantine/core';
import IconBookmark from '@tabler/icons-react/dist/esm/icons/IconBookmark.mjs';
import IconBooks from '@tabler/icons-react/dist/esm/icons/IconBooks.mjs';
import IconChalkboard from '@tabler/icons-react/dist/esm/icons/IconChalkboard.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconCrown from '@tabler/icons-react/dist/esm/icons/IconCrown.mjs';
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
import IconHelpCircle from '@tabler/icons-react/dist/esm/icons/IconHelpCircle.mjs';
import IconHistory from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
import IconHome from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
import IconPlaylist from '@tabler/icons-react/dist/esm/icons/IconPlaylist.mjs';
import IconSchool from '@tabler/icons-react/dist/esm/icons/IconSchool.mjs';
import IconTargetArrow from '@tabler/icons-react/dist/esm/icons/IconTargetArrow.mjs';
import IconUserCircle from '@tabler/icons-react/dist/esm/icons/IconUserCircle.mjs';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '../app/use-viewer';
import { isHomePath, isLibraryPath, isPlaylistPath, isSamePath, isTrcPath, LIBRARY_ITEMS } from './nav-items';
import classes from './sidebar-nav.module.css';

const ICON_SIZE = 20;

function SidebarLink({
  to,
  label,
  icon,
  isActive,
  rightSection,
  onNavigate,
}: {
  to: string;
  label: string;
  icon?: ReactNode;
  isActive: boolean;
  rightSection?: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={rightSection}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}

/**
 * The sidebar of spec 1 §2. LIBRARY's sub-items expand and collapse, and open by themselves when the
 * current page is one of them. PLANS is hidden for admins; CLASSES shows a lock to members without a plan.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user, isLoading } = useViewer();
  const isOnLibrary = isLibraryPath(pathname);
  const [isLibraryOpen, setIsLibraryOpen] = useState(isOnLibrary);
  const libraryListId = useId();

  useEffect(() => {
    if (isOnLibrary) setIsLibraryOpen(true);
  }, [isOnLibrary]);

  const isClassesLocked = user !== null && !policy.canOpenClasses(user);
  const link = (to: string, label: string, icon: ReactNode, rightSection?: ReactNode) => (
    <SidebarLink
      to={to}
      label={label}
      icon={icon}
      isActive={isSamePath(pathname, to)}
      rightSection={rightSection}
      onNavigate={onNavigate}
    />
  );

  return (
    <Stack component="nav" aria-label="Main" gap={2} className={classes.nav}>
      <SidebarLink
        to="/"
        label="HOME"
        icon={<IconHome size={ICON_SIZE} />}
        isActive={isHomePath(pathname)}
        onNavigate={onNavigate}
      />
      <NavLink
        component="button"
        type="button"
        label="LIBRARY"
        leftSection={<IconBooks size={ICON_SIZE} />}
        rightSection={<IconChevronRight size={16} className={classes.chevron} />}
        opened={isLibraryOpen}
        onChange={setIsLibraryOpen}
        active={isOnLibrary && !isLibraryOpen}
        aria-expanded={isLibraryOpen}
        aria-controls={libraryListId}
        className={classes.link}
        childrenOffset={30}
        keepMounted={false}
      >
        <div id={libraryListId}>
          {LIBRARY_ITEMS.map((item) => (
            <SidebarLink
              key={item.to}
              to={item.to}
              label={item.label}
              isActive={isSamePath(pathname, item.to)}
              onNavigate={onNavigate}
            />
          ))}
        </div>
      </NavLink>
      <SidebarLink
        to="/all-playlist"
        label="Playlists"
        icon={<IconPlaylist size={ICON_SIZE} />}
        isActive={isPlaylistPath(pathname)}
        onNavigate={onNavigate}
      />
      {link(
        '/classes',
        'CLASSES',
        <IconSchool size={ICON_SIZE} />,
        isClassesLocked ? <IconLock size={16} aria-label="Locked" /> : undefined,
      )}
      {link('/saved', 'SAVED', <IconBookmark size={ICON_SIZE} />)}
      {user && link('/History', 'HISTORY', <IconHistory size={ICON_SIZE} />)}
      {user && link('/practice', 'PRACTICE', <IconTargetArrow size={ICON_SIZE} />)}
      {!isLoading && policy.canSeePlans(user) && link('/plans', 'PLANS', <IconCrown size={ICON_SIZE} />)}
      {link('/account', 'MY ACCOUNT', <IconUserCircle size={ICON_SIZE} />)}
      <Divider my="sm" />
      <SidebarLink
        to="/trc"
        label="Teacher Resource Center"
        icon={<IconChalkboard size={ICON_SIZE} />}
        isActive={isTrcPath(pathname)}
        onNavigate={onNavigate}
      />
      <NavLink
        component="a"
        href={LINKS.helpAndSupport}
        target="_blank"
        rel="noopener noreferrer"
        label="Help & Support"
        leftSection={<IconHelpCircle size={ICON_SIZE} />}
        rightSection={<IconExternalLink size={16} aria-label="(opens in a new tab)" />}
        className={classes.link}
      />
    </Stack>
  );
}
