import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { DialogHost } from './dialogs/dialog-host';
import { theme } from './theme';
import { useIsIdleAfterPaint } from './use-idle-after-paint';

/**
 * Dimmed text (secondary lines, captions, card meta) at AA contrast: Mantine's gray-6 on white is 3.3:1;
 * gray-7 is 7:1. In the dark scheme dark-1 on the page's dark-7 is 9:1 (axe, issue 22 item 15).
 */
const resolveCssVariables: CSSVariablesResolver = (resolved) => {
  // Text of the "light" variant (badges, light buttons, alerts): the darkest shade on its pale tint in the
  // light scheme, a pale shade on the dark one (Mantine's 6 and 4 measured under 4.5:1 with axe).
  const colors = Object.keys(resolved.colors);
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      ...Object.fromEntries(
        colors.map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-9)`]),
      ),
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      ...Object.fromEntries(
        colors.map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-2)`]),
      ),
    },
  };
};

// Toasts only ever appear after something happened: their renderer loads once the first page is idle.
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

/**
 * Mantine with the brand theme, toasts at top-centre (3000 ms) and the host of `confirm` and
 * `alertDialog` (its modal code loads with the first dialog).
 * `env="test"` turns off transitions and portals for component tests.
 */
export function UiProvider({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  // A toast shown before then waits in Mantine's store and appears when the host mounts.
  const isNotificationsHostShown = useIsIdleAfterPaint() || env === 'test';
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      env={env}
      cssVariablesResolver={resolveCssVariables}
    >
      {isNotificationsHostShown && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      <DialogHost />
      {children}
    </MantineProvider>
  );
}
