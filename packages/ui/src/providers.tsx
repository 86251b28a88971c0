import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { DialogHost } from './dialogs/dialog-host';
import { theme } from './theme';

/**
 * Dimmed text (secondary lines, captions, card meta) at AA contrast: Mantine's gray-6 on white is 3.3:1;
 * gray-7 is 7:1. In the dark scheme dark-1 on the page's dark-7 is 9:1 (axe, issue 22 item 15).
 */
const resolveCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

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
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      env={env}
      cssVariablesResolver={resolveCssVariables}
    >
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <DialogHost />
      {children}
    </MantineProvider>
  );
}
