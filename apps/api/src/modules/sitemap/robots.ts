import { SITEMAP_PRIVATE_PREFIXES } from '@dance/domain';

/** robots.txt of the member host: the member's own pages are not for crawlers; the sitemap is. */
export function robotsTxt(base: string) {
  return [
    'User-agent: *',
    ...SITEMAP_PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
