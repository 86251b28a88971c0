/** What a key does in the player (issue 22 item 6). Arrow keys do nothing (spec 2 §9: hotkeys disabled). */
export type PlayerKeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'jump'; seconds: number }
  | { kind: 'fullscreen' }
  | { kind: 'mute' }
  | { kind: 'subtitles' }
  | { kind: 'frame'; frames: number };

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
    default:
      return null;
  }
}
