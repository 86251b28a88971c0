import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRC_FIRST_PAGE_SCALE } from '@dance/domain';

/**
 * The first page of a lesson plan as an image, drawn once from the PDF (pdf.js in Node on @napi-rs/canvas) and kept
 * beside it in the private store: the viewer shows it the moment it opens, while pdf.js reads the PDF itself
 * (a 10 MB lesson plan's first page needs about half a megabyte of ranges, the image a tenth of that).
 */

/** The image is the page at 1.5 times its size in points (918 x 1188 px for US Letter). */
const FIRST_PAGE_SCALE = TRC_FIRST_PAGE_SCALE;
const WEBP_QUALITY = 80;
/** A page larger than this (in pixels, either side) is drawn smaller: a poster PDF must not take the memory. */
const MAX_SIDE = 2400;

export const firstPageKey = (storageKey: string) => `${storageKey.replace(/\.pdf$/i, '')}.page1.webp`;

const require = createRequire(import.meta.url);
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};
/** pdf.js's own metrics of the 14 standard fonts (lesson plans made with pdf-lib use Helvetica). */
const standardFontDataUrl = () =>
  `${pathToFileURL(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')).href}/`;

/** Page 1 of a PDF as WebP, or null when it cannot be drawn (the viewer then waits for pdf.js as before). */
export async function renderFirstPage(pdf: Buffer): Promise<Buffer | null> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([loadPdfJs(), import('@napi-rs/canvas')]);
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(FIRST_PAGE_SCALE, MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.floor(viewport.width), Math.floor(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    return await canvas.encode('webp', WEBP_QUALITY);
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
