import type { TBanner } from '@dance/domain';
import { theme } from '@dance/ui';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BANNER_IMAGE_SIZES } from './image-sizes';
import { MainBanner } from './main-banner';

const banner = (imageUrl: string) => ({ id: 'b1', title: 'Summer intensive', imageUrl }) as TBanner;
const marked = '/files/banner/2026-11/abc.jpg#webp=320,640,960,1280';

describe('MainBanner image', () => {
  it('lists the WebP variants of an upload at the full width of the page, eager, high priority, sized', () => {
    const { container } = render(
      <MantineProvider theme={theme} env="test">
        <MainBanner banner={banner(marked)} isLoading={false} />
      </MantineProvider>,
    );
    const img = container.querySelector('figure > img')!;
    expect(img.getAttribute('src')).toBe('/files/banner/2026-11/abc.jpg');
    expect(img.getAttribute('srcset')).toBe(
      [320, 640, 960, 1280].map((w) => `/files/banner/2026-11/abc.w${w}.webp ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe(BANNER_IMAGE_SIZES);
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '500']);
  });

  it('keeps an SVG banner as it was', () => {
    const { container } = render(
      <MainBanner banner={banner('/files/demo/banner-main.svg')} isLoading={false} />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/demo/banner-main.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
