/** What a key does in the player (issue 22 item 6). Arrow keys do nothing (spec 2 §9: hotkeys disabled). */
export type PlayerKeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'jump'; seconds: number }
  | { kind: 'fullscreen' }
  | { kind: 'mute' }
  | { kind: 'subtitles' }
  | { kind: 'frame'; frames: number }
  /** By eight-counts (issue 20): -1 back one, 0 to the start of the current one, +1 forward one. */
  | { kind: 'eight-count'; step: -1 | 0 | 1 }
  | { kind: 'loop-counts' }
  | { kind: 'help' };

/** Seconds J and L jump. */
export const JUMP_SECONDS = 10;

interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]';
/** Open menus, list boxes and dialogs have keys of their own (Space picks an item, letters type ahead). */
const OWN_KEYS = '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"]';
/** Where Space and Enter already activate what has focus (a button, a link, a chapter). */
const ACTIVATES = 'button, a[href], [role="button"], [role="menuitem"], [role="option"], [role="checkbox"]';

/**
 * The action of a key pressed while the player page is open, or null: keys never fire while the member
 * types in a field, with a modifier held (browser shortcuts), in an open menu or dialog, or (Space only)
 * when focus is on a control that Space activates itself.
 */
export function playerKeyAction(event: KeyEventLike): PlayerKeyAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(EDITABLE) || target?.closest(OWN_KEYS)) return null;
  switch (event.key) {
    case ' ':
      return target?.closest(ACTIVATES) ? null : { kind: 'toggle-play' };
    case 'k':
    case 'K':
      return { kind: 'toggle-play' };
    case 'j':
    case 'J':
      return { kind: 'jump', seconds: -JUMP_SECONDS };
    case 'l':
    case 'L':
      return { kind: 'jump', seconds: JUMP_SECONDS };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case 'c':
    case 'C':
      return { kind: 'subtitles' };
    case ',':
      return { kind: 'frame', frames: -1 };
    case '.':
      return { kind: 'frame', frames: 1 };
    case '[':
      return { kind: 'eight-count', step: -1 };
    case ']':
      return { kind: 'eight-count', step: 1 };
    case 'b':
    case 'B':
      return { kind: 'eight-count', step: 0 };
    case 'e':
    case 'E':
      return { kind: 'loop-counts' };
    case '?':
      return { kind: 'help' };
    default:
      return null;
  }
}

/** Every key of the player, as the `?` overlay lists them (arrow keys do nothing: spec 2 §9). */
export const PLAYER_KEY_HELP: { keys: string[]; action: string }[] = [
  { keys: ['Space', 'K'], action: 'Play or pause' },
  { keys: ['J'], action: `Back ${JUMP_SECONDS} seconds` },
  { keys: ['L'], action: `Forward ${JUMP_SECONDS} seconds` },
  { keys: [',', '.'], action: 'One frame back or forward (paused)' },
  { keys: ['['], action: 'Back one eight-count' },
  { keys: [']'], action: 'Forward one eight-count' },
  { keys: ['B'], action: 'To the "1" of this eight-count' },
  { keys: ['E'], action: 'Loop the eight-counts from here (again to stop)' },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['C'], action: 'Subtitles on or off' },
  { keys: ['F'], action: 'Full screen' },
  { keys: ['?'], action: 'Show these keys' },
];
