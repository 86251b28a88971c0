import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@dance/domain';
import { theme } from './theme';

/** Mantine with the brand theme, toasts at top-centre (3000 ms) and the modal manager. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-center" autoClose={TOAST_DURATION_MS} limit={4} />
      <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>{children}</ModalsProvider>
    </MantineProvider>
  );
}
