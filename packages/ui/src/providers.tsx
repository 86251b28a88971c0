import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { DialogHost } from './dialogs/dialog-host';
import { theme } from './theme';

// Toasts only ever appear after something happened: their renderer loads after the first paint.
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

/**
 * Mantine with the brand theme, toasts at top-centre (3000 ms) and the host of `confirm` and
 * `alertDialog` (its modal code loads with the first dialog).
 * `env="test"` turns off transitions and portals for component tests.
 */
export function UiProvider({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <DialogHost />
      {children}
    </MantineProvider>
  );
}
