import { describe, expect, it } from 'vitest';
import { PLAYER_KEY_HELP, playerKeyAction } from './player-keys';

function press(key: string, target: Element = document.body, extra: Partial<KeyboardEventInit> = {}) {
  return playerKeyAction({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    target,
    ...extra,
  });
}

describe('player keys', () => {
  it('maps Space, K, J, L, F, M, C, comma and full stop; arrows do nothing', () => {
    expect(press(' ')).toEqual({ kind: 'toggle-play' });
    expect(press('k')).toEqual({ kind: 'toggle-play' });
    expect(press('j')).toEqual({ kind: 'jump', seconds: -10 });
    expect(press('L')).toEqual({ kind: 'jump', seconds: 10 });
    expect(press('f')).toEqual({ kind: 'fullscreen' });
    expect(press('m')).toEqual({ kind: 'mute' });
    expect(press('c')).toEqual({ kind: 'subtitles' });
    expect(press(',')).toEqual({ kind: 'frame', frames: -1 });
    expect(press('.')).toEqual({ kind: 'frame', frames: 1 });
    expect(press('[')).toEqual({ kind: 'eight-count', step: -1 });
    expect(press(']')).toEqual({ kind: 'eight-count', step: 1 });
    expect(press('b')).toEqual({ kind: 'eight-count', step: 0 });
    expect(press('E')).toEqual({ kind: 'loop-counts' });
    expect(press('?')).toEqual({ kind: 'help' });
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'x']) expect(press(key)).toBeNull();
  });

  it('stays quiet while typing, with a modifier, in a menu, and leaves Space to a focused button', () => {
    document.body.innerHTML = `
      <input id="field" /><textarea id="area"></textarea><div contenteditable="true"><span id="rich"></span></div>
      <div role="menu"><div role="menuitem" id="item">1x</div></div>
      <button id="button">Mirror</button><div role="slider" tabindex="0" id="slider"></div>`;
    const byId = (id: string) => document.getElementById(id) as Element;
    for (const id of ['field', 'area', 'rich', 'item']) expect(press('k', byId(id))).toBeNull();
    expect(press('k', document.body, { ctrlKey: true })).toBeNull();
    expect(press('f', document.body, { metaKey: true })).toBeNull();
    expect(press(' ', byId('button'))).toBeNull();
    expect(press('k', byId('button'))).toEqual({ kind: 'toggle-play' });
    expect(press(' ', byId('slider'))).toEqual({ kind: 'toggle-play' });
  });

  it('lists every key it maps in the help overlay, and no arrow key', () => {
    const listed = PLAYER_KEY_HELP.flatMap((k) => k.keys).map((k) => (k === 'Space' ? ' ' : k.toLowerCase()));
    for (const key of listed) expect(press(key), key).not.toBeNull();
    for (const key of [' ', 'k', 'j', 'l', 'f', 'm', 'c', ',', '.', '[', ']', 'b', 'e', '?'])
      expect(listed).toContain(key);
    expect(listed.some((k) => k.startsWith('arrow'))).toBe(false);
  });
});
