import { describe, expect, it } from 'vitest';
import { markVariants, responsiveImage, variantKey } from './image-variants';

describe('image variants', () => {
  it('names a variant beside its original, WebP, by width', () => {
    expect(variantKey('thumbnail/2026-11/abc.jpg', 640)).toBe('thumbnail/2026-11/abc.w640.webp');
    expect(variantKey('https://cdn.example.com/banner/x.y/abc.png', 320)).toBe(
      'https://cdn.example.com/banner/x.y/abc.w320.webp',
    );
    expect(variantKey('banner/x.y/abc', 320)).toBe('banner/x.y/abc.w320.webp');
  });

  it('builds the srcset of exactly the widths the URL is marked with', () => {
    const url = markVariants('/files/thumbnail/2026-11/abc.jpg', [320, 640]);
    expect(url).toBe('/files/thumbnail/2026-11/abc.jpg#webp=320,640');
    expect(responsiveImage(url)).toEqual({
      src: '/files/thumbnail/2026-11/abc.jpg',
      srcSet: '/files/thumbnail/2026-11/abc.w320.webp 320w, /files/thumbnail/2026-11/abc.w640.webp 640w',
    });
  });

  it('leaves unmarked URLs (SVG, links, older uploads) as they are', () => {
    expect(responsiveImage('/files/demo/banner-main.svg')).toEqual({ src: '/files/demo/banner-main.svg' });
    expect(responsiveImage('https://example.com/a.jpg#top')).toEqual({
      src: 'https://example.com/a.jpg#top',
    });
    expect(markVariants('/files/a.jpg', [])).toBe('/files/a.jpg');
  });

  it('marks a URL once, however often it is marked', () => {
    expect(markVariants(markVariants('/files/a.jpg', [320]), [320, 640])).toBe('/files/a.jpg#webp=320,640');
  });
});
