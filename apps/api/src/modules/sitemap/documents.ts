import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { SITEMAP_MAX_URLS } from '@dance/domain';
import type { Db } from '../../db/client';
import { SitemapPlan } from './entries';
import { readSitemapFiles, readSitemapStamp, replaceSitemapFiles, type StoredSitemapFile } from './queries';
import { renderSitemap } from './xml';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** The routes as JSON (GET /sitemap/routes) are kept as file -1 beside the XML files. */
export const ROUTES_FILE = -1;

export interface SitemapDocument {
  /** The gzipped body. */
  gzipped: Buffer;
  etag: string;
  modifiedAt: Date;
  /** Entries of the whole sitemap, and its number of part files. */
  entries: number;
  files: number;
}

const toDocument = (row: StoredSitemapFile): SitemapDocument => ({
  gzipped: Buffer.from(row.body),
  etag: row.etag,
  modifiedAt: row.modifiedAt,
  entries: row.entries,
  files: row.files,
});

export const gunzipText = async (doc: SitemapDocument) => (await gunzip(doc.gzipped)).toString('utf8');

/**
 * The sitemap kept whole in `sitemap_files` (decision 0053): generated once per state of the public catalogue,
 * not per request. A request reads the stamp of the data (the catalogue version, the next release instant and the
 * featured playlists: a few index reads) and the stored file. When the stamp has moved on and the job has not run
 * yet, the stored files are still served (crawlers are told they may keep them an hour anyway) while they are
 * regenerated in the background, once per process at a time, for every process; only a sitemap never generated
 * is generated before answering. Generating 100,000 entries is CPU work that would hold up the requests behind it.
 */
export class SitemapDocuments {
  private regenerating: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly base: string,
    private readonly perFile = SITEMAP_MAX_URLS,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The data's stamp, with what the files depend on besides the data: the host and the file size. */
  private async stamp() {
    return `${await readSitemapStamp(this.db)}|${this.base}|${this.perFile}`;
  }

  /** File `file` (0: /sitemap.xml, n: /sitemaps/n.xml, -1: the routes JSON); null when there is none. */
  async get(file: number): Promise<SitemapDocument | null> {
    const [stamp, rows] = await Promise.all([this.stamp(), readSitemapFiles(this.db, [0, file])]);
    const root = rows.find((r) => r.file === 0);
    let row = rows.find((r) => r.file === file);
    if (!root) {
      await this.regenerate(stamp);
      [row] = await readSitemapFiles(this.db, [file]);
    } else if (root.stamp !== stamp) {
      this.regenerate(stamp).catch(this.onError);
    }
    return row ? toDocument(row) : null;
  }

  /** Resolves once a regeneration under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.regenerating?.catch(() => {});
  }

  /** Regenerates every file when the stored ones are not of the data's current stamp; true when it wrote. */
  async refresh(): Promise<boolean> {
    const stamp = await this.stamp();
    const [root] = await readSitemapFiles(this.db, [0]);
    if (root?.stamp === stamp) return false;
    await this.regenerate(stamp);
    return true;
  }

  private regenerate(stamp: string): Promise<void> {
    this.regenerating ??= this.build(stamp).finally(() => {
      this.regenerating = null;
    });
    return this.regenerating;
  }

  private async build(stamp: string) {
    const plan = await SitemapPlan.load(this.db, this.perFile);
    const rendered = await renderSitemap(plan, this.base);
    const bodies = [
      { file: 0, text: rendered.root },
      ...rendered.parts.map((text, i) => ({ file: i + 1, text })),
      { file: ROUTES_FILE, text: JSON.stringify({ routes: rendered.paths }) },
    ];
    const files = await Promise.all(
      bodies.map(async ({ file, text }) => ({
        file,
        body: await gzip(text, { level: 6 }),
        etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`,
      })),
    );
    await replaceSitemapFiles(this.db, {
      stamp,
      entries: rendered.entries,
      files: rendered.parts.length,
      bodies: files,
    });
  }
}
