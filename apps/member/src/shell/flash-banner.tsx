import { Alert, Container } from '@mantine/core';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import { useEffect } from 'react';
import { useFlashStore } from '../shared/flash-store';

/** Shows the pending flash message above the page until it expires or the member closes it. */
export function FlashBanner() {
  const flash = useFlashStore((state) => state.flash);
  const clearFlash = useFlashStore((state) => state.clearFlash);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(clearFlash, Math.max(0, flash.expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [flash, clearFlash]);

  if (!flash) return null;
  return (
    <Container size="xl" pt="md">
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={clearFlash}
        role="status"
      >
        {flash.message}
      </Alert>
    </Container>
  );
}
