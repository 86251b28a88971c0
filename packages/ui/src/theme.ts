import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Stage magenta: the brand colour, warm and energetic like stage lighting. */
const stage: MantineColorsTuple = [
  '#fff0f7',
  '#ffdeed',
  '#fbbad6',
  '#f793bf',
  '#f272aa',
  '#ef5c9d',
  '#ee4f96',
  '#d44082',
  '#be3674',
  '#a72865',
];
/** Deep indigo for surfaces and text accents in the dark scheme. */
const midnight: MantineColorsTuple = [
  '#f0f0fa',
  '#dcdcf0',
  '#b5b5e1',
  '#8b8bd2',
  '#6969c5',
  '#5353be',
  '#4848bb',
  '#3a3aa5',
  '#323294',
  '#272784',
];
/** Dark surfaces tinted towards indigo, so the dark scheme feels like a theatre, not a terminal. */
const dark: MantineColorsTuple = [
  '#d5d5e4',
  '#b4b4c9',
  '#8e8ea8',
  '#5f5f7a',
  '#3b3b52',
  '#2a2a3d',
  '#1f1f2f',
  '#171724',
  '#12121c',
  '#0c0c14',
];

export const theme = createTheme({
  primaryColor: 'stage',
  // Shade 8: white on it is 5.3:1; on shade 7 it measured 4.3:1 and on shade 5 3.2:1, under WCAG AA's 4.5 (axe).
  primaryShade: { light: 8, dark: 8 },
  colors: { stage, midnight, dark },
  fontFamily: '"Inter Variable", "Inter", "Segoe UI", system-ui, -apple-system, sans-serif',
  headings: {
    fontFamily: '"Montserrat Variable", "Montserrat", "Inter Variable", "Segoe UI", system-ui, sans-serif',
    fontWeight: '800',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Filled badges and buttons in light colours (tag colours, yellow, lime) get dark text: AA contrast.
  autoContrast: true,
  // Black or white text, whichever contrasts more: the two are equal at relative luminance 0.179 (Mantine's
  // 0.3 put white on mid colours, such as admin-chosen tag colours, under 4.5:1).
  luminanceThreshold: 0.179,
  black: '#15121f',
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // The eye-dropper is an icon-only button: it needs a name (axe button-name, issue 22 item 15).
    ColorInput: {
      defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } },
    },
    // The × of dialogs, drawers and toasts is an icon-only button too (axe button-name on the filter drawer
    // and on a failure toast).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // Menus: Mantine's focus placeholder (a focusable role=presentation div) is a child a menu may not have
    // (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
