import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { API_PREFIX, TRC_MAX_PDF_BYTES, TRC_MESSAGES } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { firstPageKey, renderFirstPage } from './first-page';
import { insertDocument, type TrcDocumentRow } from './queries';

/** A PDF starts with %PDF- (within its first KiB, as readers accept). */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** The page count read from the PDF itself (its page tree), or null when it cannot be read. */
export async function countPdfPages(bytes: Buffer): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const pages = doc.getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}

const safeName = (name: string) =>
  (
    name
      .replace(/[^\w .-]+/g, '')
      .trim()
      .slice(0, 120) || 'document'
  ).replace(/(\.pdf)?$/i, '.pdf');

/**
 * Keeps a PDF privately: at most 50 MB, sniffed, its pages counted from the file; answers the document row.
 * Its bytes live in the file store's private part; only signed URLs serve them.
 */
export async function storeDocument(
  app: Pick<FastifyInstance, 'files'> & { db: DbOrTx },
  adminId: string | null,
  name: string,
  bytes: Buffer,
  { drawFirstPage = true }: { drawFirstPage?: boolean } = {},
): Promise<TrcDocumentRow> {
  if (bytes.length > TRC_MAX_PDF_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TRC_MESSAGES.fileTooLarge);
  if (bytes.length === 0 || !isPdf(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TRC_MESSAGES.notAPdf);
  const pages = await countPdfPages(bytes);
  if (pages === null)
    throw new AppError('VALIDATION_FAILED', TRC_MESSAGES.pagesPositive, {
      fields: { pages: TRC_MESSAGES.pagesPositive },
    });
  const key = `trc/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.pdf`;
  await app.files.putPrivate(key, bytes, 'application/pdf');
  // Its first page as an image, for the viewer to show at once (drawn on its first request otherwise).
  const firstPage = drawFirstPage ? await renderFirstPage(bytes) : null;
  if (firstPage) await app.files.putPrivate(firstPageKey(key), firstPage, 'image/webp');
  return insertDocument(app.db, {
    storageKey: key,
    name: safeName(name),
    sizeBytes: bytes.length,
    pages,
    createdBy: adminId,
  });
}

/**
 * A stored PDF's first page as an image. Documents stored before the image existed get it drawn now and kept;
 * null when the PDF is gone or its page cannot be drawn.
 */
export async function readFirstPage(app: Pick<FastifyInstance, 'files'>, storageKey: string) {
  const key = firstPageKey(storageKey);
  const kept = await app.files.readPrivate(key);
  if (kept) return kept;
  const pdf = await app.files.readPrivate(storageKey);
  const image = pdf ? await renderFirstPage(pdf) : null;
  if (image) await app.files.putPrivate(key, image, 'image/webp');
  return image;
}

const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/**
 * Fetches a PDF from a pasted URL. The admin's URL is fetched by the server, so it must not reach inside our
 * network: every connection (redirects included) goes through request-filtering-agent, which refuses private,
 * loopback and link-local addresses at connect time (after DNS), and the body stops at 50 MB. Any failure is
 * the spec's "Unable to fetch PDF. Please check the URL.".
 */
export async function fetchPdf(url: string, redirects = 0): Promise<{ bytes: Buffer; name: string }> {
  const fail = () =>
    new AppError('VALIDATION_FAILED', TRC_MESSAGES.pdfFetchFailed, {
      fields: { url: TRC_MESSAGES.pdfFetchFailed },
    });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw fail();
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw fail();
  if (target.username || target.password) throw fail();
  const client = target.protocol === 'https:' ? https : http;
  const agent =
    target.protocol === 'https:' ? new RequestFilteringHttpsAgent() : new RequestFilteringHttpAgent();
  return new Promise((resolve, reject) => {
    const request = client.get(target, { agent, timeout: FETCH_TIMEOUT_MS }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= MAX_REDIRECTS) return reject(fail());
        let next: string;
        try {
          next = new URL(response.headers.location, target).toString();
        } catch {
          return reject(fail());
        }
        fetchPdf(next, redirects + 1).then(resolve, reject);
        return;
      }
      if (status !== 200) {
        response.resume();
        return reject(fail());
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > TRC_MAX_PDF_BYTES) {
        response.destroy();
        return reject(new AppError('PAYLOAD_TOO_LARGE', TRC_MESSAGES.fileTooLarge));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > TRC_MAX_PDF_BYTES) {
          response.destroy();
          reject(new AppError('PAYLOAD_TOO_LARGE', TRC_MESSAGES.fileTooLarge));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        const name = decodeURIComponent(target.pathname.split('/').pop() || 'document.pdf');
        resolve({ bytes: Buffer.concat(chunks), name });
      });
      response.on('error', () => reject(fail()));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => reject(fail()));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Signed URLs
// ---------------------------------------------------------------------------------------------------------

export type Disposition = 'inline' | 'attachment';

function signature(secret: string, documentId: string, expiresAt: number, disposition: Disposition) {
  return createHmac('sha256', secret)
    .update(`trc-document:${documentId}:${expiresAt}:${disposition}`)
    .digest('base64url');
}

/** A signed, expiring URL of a private PDF (on the API's own origin, so pdf.js reads it same-origin). */
export function signedDocumentUrl(
  secret: string,
  documentId: string,
  expiresAt: Date,
  disposition: Disposition,
): string {
  const e = Math.floor(expiresAt.getTime() / 1000);
  const d = disposition === 'attachment' ? '1' : '0';
  return `${API_PREFIX}/trc/files/${documentId}?e=${e}&d=${d}&s=${signature(secret, documentId, e, disposition)}`;
}

function firstPageSignature(secret: string, documentId: string, expiresAt: number) {
  return createHmac('sha256', secret).update(`trc-first-page:${documentId}:${expiresAt}`).digest('base64url');
}

/** A signed, expiring URL of a PDF's first page as an image (see first-page.ts), as private as the PDF. */
export function signedFirstPageUrl(secret: string, documentId: string, expiresAt: Date): string {
  const e = Math.floor(expiresAt.getTime() / 1000);
  return `${API_PREFIX}/trc/files/${documentId}/first-page?e=${e}&s=${firstPageSignature(secret, documentId, e)}`;
}

export function verifyFirstPageSignature(
  secret: string,
  documentId: string,
  query: { e?: string; s?: string },
  now = Date.now(),
): { ok: true } | { ok: false; reason: 'invalid' | 'expired' } {
  const e = Number(query.e);
  if (!Number.isInteger(e) || typeof query.s !== 'string') return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(firstPageSignature(secret, documentId, e));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (e * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true };
}

export function verifyDocumentSignature(
  secret: string,
  documentId: string,
  query: { e?: string; d?: string; s?: string },
  now = Date.now(),
): { ok: true; disposition: Disposition } | { ok: false; reason: 'invalid' | 'expired' } {
  const e = Number(query.e);
  if (!Number.isInteger(e) || (query.d !== '0' && query.d !== '1') || typeof query.s !== 'string')
    return { ok: false, reason: 'invalid' };
  const disposition: Disposition = query.d === '1' ? 'attachment' : 'inline';
  const expected = Buffer.from(signature(secret, documentId, e, disposition));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (e * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, disposition };
}

/**
 * The one byte range a Range header asks of a file of `size` bytes (`bytes=a-b`, `bytes=a-` or `bytes=-n`), so
 * pdf.js can read the first page of a large PDF without the whole file. Null serves the whole file (no header,
 * another unit, several ranges); 'unsatisfiable' answers 416.
 */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
