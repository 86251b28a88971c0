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
  lastmod: Date | null;
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

/**
 * The sitemap's entries in a fixed order (static pages, featured playlist items, released videos), cut into files
 * of `perFile` entries (sitemaps.org: 50,000 at most). Entries are read from the database in chunks as they are
 * written, so a sitemap of any size streams in constant memory.
 */
export class SitemapPlan {
  private constructor(
    private readonly db: DbOrTx,
    readonly perFile: number,
    readonly total: number,
    private readonly featuredItems: number,
    private readonly catalogueChangedAt: Date | null,
  ) {}

  static async load(db: DbOrTx, perFile = SITEMAP_MAX_URLS) {
    const counts = await countSitemapData(db);
    const total = SITEMAP_STATIC_PATHS.length + counts.featuredItems + counts.videos;
    return new SitemapPlan(db, perFile, total, counts.featuredItems, counts.catalogueChangedAt);
  }

  get files() {
    return Math.max(1, Math.ceil(this.total / this.perFile));
  }

  /** Entries of file `n` (1-based), or all of them. */
  async *entries(file?: number): AsyncGenerator<SitemapEntry> {
    let from = file ? (file - 1) * this.perFile : 0;
    const to = file ? Math.min(this.total, file * this.perFile) : this.total;
    const staticCount = SITEMAP_STATIC_PATHS.length;
    for (; from < Math.min(to, staticCount); from += 1) {
      const path = SITEMAP_STATIC_PATHS[from]!;
      yield { path, lastmod: CATALOGUE_PAGES.has(path) ? this.catalogueChangedAt : null };
    }
    const featuredEnd = staticCount + this.featuredItems;
    while (from < Math.min(to, featuredEnd)) {
      const take = Math.min(CHUNK, Math.min(to, featuredEnd) - from);
      const rows = await selectFeaturedItems(this.db, from - staticCount, take);
      if (rows.length === 0) return;
      for (const row of rows)
        yield { path: `/featured-playlist-view/${row.playlistId}/${row.videoId}`, lastmod: row.lastmod };
      from += rows.length;
    }
    if (!file) {
      // The whole sitemap (its generation): every video in one read.
      for (const row of await selectAllVideos(this.db)) {
        if (from >= to) return;
        yield { path: playerPath(row.id), lastmod: row.lastmod };
        from += 1;
      }
      return;
    }
    let afterId = from < to ? await videoIdBefore(this.db, from - featuredEnd) : null;
    while (from < to) {
      const rows = await selectVideoChunk(this.db, afterId, Math.min(CHUNK, to - from));
      if (rows.length === 0) return;
      for (const row of rows) yield { path: playerPath(row.id), lastmod: row.lastmod };
      from += rows.length;
      afterId = rows[rows.length - 1]!.id;
    }
  }
}
