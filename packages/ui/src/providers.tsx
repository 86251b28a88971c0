import { TOAST_DURATION_MS } from '@dance/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Mantine with the brand theme, toasts at top-centre (3000 ms) and the modal manager.
 * `env="test"` turns off transitions and portals for component tests.
 */
export function UiProvider({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <Notifications position="top-center" autoClose={TOAST_DURATION_MS} limit={4} />
      <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>{children}</ModalsProvider>
    </MantineProvider>
  );
}
