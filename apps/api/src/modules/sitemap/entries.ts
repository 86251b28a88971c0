import { playerPath, SITEMAP_MAX_URLS, SITEMAP_STATIC_PATHS } from '@dance/domain';
import type { DbOrTx } from '../../db/client';
import {
  countSitemapData,
  selectAllVideos,
  selectFeaturedItems,
  selectVideoChunk,
  videoIdBefore,
} from './queries';

export interface SitemapEntry {
  /** A path on the member app ("/PlayerPage?v=…"). */
  path: string;
  /** W3C datetime in UTC as toISOString writes it (so that the latest is the greatest string), or null. */
  lastmod: string | null;
}

/** Pages whose content is the catalogue: their lastmod is the catalogue's last change. */
const CATALOGUE_PAGES = new Set([
  '/',
  '/home',
  '/Library',
  '/Lessons',
  '/Exercises',
  '/Acrossthefloor',
  '/AllVideos',
]);
const CHUNK = 5_000;
/** Videos per batch of the whole sitemap's entries (the writer lets other work run between batches). */
const BATCH = 2_000;

/**
 * The sitemap's entries in a fixed order (static pages, featured playlist items, released videos), cut into files
 * of `perFile` entries (sitemaps.org: 50,000 at most). The whole sitemap's videos are read in one query started
 * with the plan (ids and dates as text: about 10 MB for 100,000); one file's are read in keyset chunks.
 */
export class SitemapPlan {
  private constructor(
    private readonly db: DbOrTx,
    readonly perFile: number,
    readonly total: number,
    private readonly featuredItems: number,
    private readonly catalogueChangedAt: Date | null,
    private readonly allVideos: Promise<{ id: string; lastmod: string }[]>,
  ) {}

  static async load(db: DbOrTx, perFile = SITEMAP_MAX_URLS) {
    // Every video is read beside the counts, on another connection, for the whole sitemap's generation (the one
    // use of a plan outside tests); a failure surfaces where the entries are read.
    const allVideos = selectAllVideos(db);
    allVideos.catch(() => {});
    const counts = await countSitemapData(db);
    const total = SITEMAP_STATIC_PATHS.length + counts.featuredItems + counts.videos;
    return new SitemapPlan(db, perFile, total, counts.featuredItems, counts.catalogueChangedAt, allVideos);
  }

  get files() {
    return Math.max(1, Math.ceil(this.total / this.perFile));
  }

  /** Entries of file `n` (1-based), or all of them, one at a time. */
  async *entries(file?: number): AsyncGenerator<SitemapEntry> {
    for await (const batch of this.batches(file)) yield* batch;
  }

  /**
   * Entries of file `n` (1-based), or all of them, in batches (at most BATCH videos): the XML writer awaits once
   * a batch, not once an entry (an await per entry tripled the writing of 100,000 entries; decision 0059).
   */
  async *batches(file?: number): AsyncGenerator<SitemapEntry[]> {
    let from = file ? (file - 1) * this.perFile : 0;
    const to = file ? Math.min(this.total, file * this.perFile) : this.total;
    const staticCount = SITEMAP_STATIC_PATHS.length;
    const statics: SitemapEntry[] = [];
    for (; from < Math.min(to, staticCount); from += 1) {
      const path = SITEMAP_STATIC_PATHS[from]!;
      statics.push({
        path,
        lastmod: CATALOGUE_PAGES.has(path) ? (this.catalogueChangedAt?.toISOString() ?? null) : null,
      });
    }
    if (statics.length > 0) yield statics;
    const featuredEnd = staticCount + this.featuredItems;
    while (from < Math.min(to, featuredEnd)) {
      const take = Math.min(CHUNK, Math.min(to, featuredEnd) - from);
      const rows = await selectFeaturedItems(this.db, from - staticCount, take);
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        path: `/featured-playlist-view/${row.playlistId}/${row.videoId}`,
        lastmod: row.lastmod.toISOString(),
      }));
      from += rows.length;
    }
    if (!file) {
      // The whole sitemap (its generation): every video in one read, handed on BATCH at a time.
      const rows = await this.allVideos;
      for (let i = 0; i < rows.length && from < to; i += BATCH) {
        const slice = rows.slice(i, Math.min(rows.length, i + BATCH, i + (to - from)));
        yield slice.map((row) => ({ path: playerPath(row.id), lastmod: row.lastmod }));
        from += slice.length;
      }
      return;
    }
    let afterId = from < to ? await videoIdBefore(this.db, from - featuredEnd) : null;
    while (from < to) {
      const rows = await selectVideoChunk(this.db, afterId, Math.min(CHUNK, to - from));
      if (rows.length === 0) return;
      yield rows.map((row) => ({ path: playerPath(row.id), lastmod: row.lastmod.toISOString() }));
      from += rows.length;
      afterId = rows[rows.length - 1]!.id;
    }
  }
}
