import { BrandLogo } from '@dance/ui';
import { Box, Drawer, Stack } from '@mantine/core';
import { SearchBox } from './search-box';
import { SidebarNav } from './sidebar-nav';

/** The sidebar as a drawer under 991 px, with the search box on phones. */
export function MobileDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      size={300}
      title={<BrandLogo size={28} />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      padding="md"
    >
      <Stack gap="sm">
        <Box hiddenFrom="sm">
          <SearchBox onSearch={onClose} />
        </Box>
        <SidebarNav onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
