import { variantKey } from '@dance/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenPoster } from './poster';

afterEach(() => vi.unstubAllGlobals());

function screen(width: number, ratio: number) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('devicePixelRatio', ratio);
}

describe('screenPoster', () => {
  const marked = '/files/posters/a.jpg#webp=320,640,960,1280';

  it("takes the narrowest variant covering the screen's device pixels, else the original", () => {
    screen(300, 1);
    expect(screenPoster(marked)).toBe('/files/posters/a.w320.webp');
    screen(412, 1.75);
    expect(screenPoster(marked)).toBe('/files/posters/a.w960.webp');
    screen(1280, 1);
    expect(screenPoster(marked)).toBe('/files/posters/a.w1280.webp');
    screen(1280, 2);
    expect(screenPoster(marked)).toBe('/files/posters/a.jpg');
  });

  it("names the variant as the API stores it (the domain's variantKey)", () => {
    screen(600, 1);
    expect(screenPoster(marked)).toBe(variantKey('/files/posters/a.jpg', 640));
  });

  it('answers an unmarked URL as it is', () => {
    screen(412, 1.75);
    expect(screenPoster('/files/demo/poster.svg')).toBe('/files/demo/poster.svg');
    expect(screenPoster('https://image.mux.com/x/thumbnail.jpg')).toBe(
      'https://image.mux.com/x/thumbnail.jpg',
    );
  });
});
