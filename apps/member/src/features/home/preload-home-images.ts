import { HOME_GROUPS, type THome } from '@dance/domain';

/** As many cards as the widest first row shows before scrolling. */
const PRELOADED_CARDS = 4;

/**
 * Starts loading the images of the page's first paint (the banner and the first row's first cards) as soon
 * as the home answer arrives, before React has rendered the rows that show them.
 */
export function preloadHomeImages(home: THome): void {
  const firstRow = [HOME_GROUPS.continue, HOME_GROUPS.recent]
    .map((name) => home.groups.find((group) => group.name === name))
    .find((group) => group !== undefined && group.videos.length > 0);
  const urls = [
    home.banner?.imageUrl,
    ...(firstRow?.videos.slice(0, PRELOADED_CARDS).map((video) => video.thumbnailUrl) ?? []),
  ];
  for (const url of urls) {
    if (!url) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    document.head.append(link);
  }
}
