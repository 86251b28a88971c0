import { SITEMAP_CHANGEFREQ, SITEMAP_PRIORITY } from '@dance/domain';
import type { SitemapEntry, SitemapPlan } from './entries';

/** The public address of sitemap file `n` (1-based). */
export const sitemapFileUrl = (base: string, n: number) => `${base}/sitemaps/${n}.xml`;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text as XML character data (sitemaps.org: URLs entity-escaped). */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** One `<url>` of a urlset: location, lastmod when known, change frequency weekly and priority 0.8 (spec 3 §9). */
function urlElement(base: string, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
  return `<url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}<changefreq>${SITEMAP_CHANGEFREQ}</changefreq><priority>${SITEMAP_PRIORITY}</priority></url>\n`;
}

/** The sitemap index of `parts` files, each with the latest lastmod of its entries. */
export function sitemapIndexXml(base: string, parts: (string | null)[]): string {
  const items = parts.map((lastmod, i) => {
    const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    return `<sitemap><loc>${escapeXml(sitemapFileUrl(base, i + 1))}</loc>${mod}</sitemap>\n`;
  });
  return `${HEAD}<sitemapindex xmlns="${XMLNS}">\n${items.join('')}</sitemapindex>\n`;
}

export interface RenderedSitemap {
  /** /sitemap.xml: the urlset while everything fits one file, else the index of the parts. */
  root: string;
  /** The parts /sitemaps/{n}.xml, n from 1 (one part, equal to the root urlset, when everything fits one file). */
  parts: string[];
  /** Every entry's path, in order (GET /sitemap/routes). */
  paths: string[];
  entries: number;
}

/**
 * Every file of the sitemap, written from one pass over the plan's entries (read from the database in keyset
 * chunks), each file of at most `plan.perFile` entries (sitemaps.org: 50,000). The XML is written directly: the
 * only variable text is the URL, entity-escaped; the result is checked against the sitemaps.org schemas by
 * sitemap.happy.test.ts.
 */
export async function renderSitemap(plan: SitemapPlan, base: string): Promise<RenderedSitemap> {
  const parts: string[] = [];
  const partLastmods: (string | null)[] = [];
  const paths: string[] = [];
  let current: string[] = [];
  let latest: string | null = null;
  const flush = () => {
    parts.push(`${HEAD}<urlset xmlns="${XMLNS}">\n${current.join('')}</urlset>\n`);
    partLastmods.push(latest);
    current = [];
    latest = null;
  };
  // A plain loop per batch: an await per entry (for await over the entries) tripled the writing.
  for await (const batch of plan.batches()) {
    for (const entry of batch) {
      current.push(urlElement(base, entry));
      paths.push(entry.path);
      if (entry.lastmod && (!latest || entry.lastmod > latest)) latest = entry.lastmod;
      if (current.length === plan.perFile) flush();
    }
    // Let the process answer other requests between batches (a generation is seconds of CPU on a loaded machine).
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (current.length > 0 || parts.length === 0) flush();
  const root = parts.length === 1 ? parts[0]! : sitemapIndexXml(base, partLastmods);
  return { root, parts, paths, entries: paths.length };
}
