import { Readable } from 'node:stream';
import { SITEMAP_CHANGEFREQ, SITEMAP_PRIORITY } from '@dance/domain';
import { type EnumChangefreq, ErrorLevel, SitemapIndexStream, SitemapStream } from 'sitemap';
import type { SitemapPlan } from './entries';

/** The public address of sitemap file `n` (1-based). */
export const sitemapFileUrl = (base: string, n: number) => `${base}/sitemaps/${n}.xml`;

/**
 * /sitemap.xml: the whole urlset while it fits one file, else the index of its files (sitemaps.org). Streamed:
 * entries are written as they are read. The sitemap library escapes every URL and checks each entry.
 */
export function sitemapRootStream(plan: SitemapPlan, base: string): Readable {
  if (plan.files === 1) return urlsetStream(plan, base);
  const index = new SitemapIndexStream({ level: ErrorLevel.THROW });
  const files = Array.from({ length: plan.files }, (_, i) => ({ url: sitemapFileUrl(base, i + 1) }));
  return Readable.from(files).pipe(index);
}

/** One sitemap file (1-based), or all entries when `file` is left out. */
export function urlsetStream(plan: SitemapPlan, base: string, file?: number): Readable {
  const stream = new SitemapStream({
    hostname: base,
    level: ErrorLevel.THROW,
    xmlns: { news: false, video: false, image: false, xhtml: false },
  });
  const items = async function* () {
    for await (const entry of plan.entries(file))
      yield {
        url: `${base}${entry.path}`,
        changefreq: SITEMAP_CHANGEFREQ as EnumChangefreq,
        priority: SITEMAP_PRIORITY,
        ...(entry.lastmod ? { lastmod: entry.lastmod.toISOString() } : {}),
      };
  };
  const source = Readable.from(items());
  source.on('error', (error) => stream.destroy(error));
  return source.pipe(stream);
}

/** A whole stream as text (the admin's view of a file). */
export async function streamToText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}
