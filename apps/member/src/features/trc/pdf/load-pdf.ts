import { TRC_FIRST_PAGE_SCALE } from '@dance/domain';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
// The worker is its own chunk, fetched only when a PDF page opens.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
let pdfjsPromise: Promise<PdfJs> | null = null;
let worker: PDFWorker | null = null;

/**
 * pdf.js loads on the first PDF page a member opens, not with the TRC pages, and its worker starts at once:
 * by the time the member opens the viewer, the worker is parsed and waiting.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return pdfjsPromise;
}

async function sharedWorker(pdfjs: PdfJs): Promise<PDFWorker> {
  if (!worker || worker.destroyed) worker = pdfjs.PDFWorker.create({ name: 'trc-pdf' });
  await worker.promise;
  return worker;
}

/** Starts pdf.js and its worker ahead of the first document (a PDF page calls it on arrival). */
export async function warmUpPdfJs(): Promise<void> {
  await sharedWorker(await loadPdfJs());
}

/**
 * How pdf.js reads a lesson plan. The file route answers byte ranges, and pdf.js asks only for what it needs:
 * the cross-reference table at the file's end, then the first page's objects, each by range. Streaming the whole
 * file as well (pdf.js's default) would share the member's bandwidth with 10 MB nobody has asked for yet, and the
 * ranges the first page needs would wait behind it; the rest of the file is fetched range by range afterwards.
 */
const OPEN_OPTIONS = { disableStream: true, disableAutoFetch: true } as const;

/** One PDF opened ahead of its page (the lesson plan's address, with the access check): claimed once. */
let ahead: { url: string; task: Promise<PDFDocumentLoadingTask>; isClaimed: boolean } | null = null;

function startOpening(url: string): Promise<PDFDocumentLoadingTask> {
  return loadPdfJs().then(async (pdfjs) =>
    pdfjs.getDocument({ url, worker: await sharedWorker(pdfjs), ...OPEN_OPTIONS }),
  );
}

/**
 * Starts opening a PDF before anything shows it (the signed URL arrived with the access check still running), so
 * its first ranges are on the way while the page's code loads. The page's `openPdf` of the same URL takes it
 * over; an unclaimed one is closed when another takes its place.
 */
export function openPdfAhead(url: string): void {
  if (ahead?.url === url) return;
  if (ahead && !ahead.isClaimed) void ahead.task.then((task) => task.destroy()).catch(() => {});
  const task = startOpening(url);
  // Its first page is drawn ahead too (see snapshotFirstPage), once the document is read.
  task.then((started) => started.promise.then(snapshotFirstPage)).catch(() => {});
  ahead = { url, task, isClaimed: false };
}

/**
 * Starts opening a PDF from its signed, expiring URL on the shared worker (or takes over the one opened ahead).
 * The task's `destroy()` stops the download and frees the document (the worker stays for the next one).
 */
export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  if (ahead?.url === url && !ahead.isClaimed) {
    ahead.isClaimed = true;
    return ahead.task;
  }
  if (ahead && !ahead.isClaimed) void ahead.task.then((task) => task.destroy()).catch(() => {});
  // Registered as claimed, so a later openPdfAhead of the same URL does not open it a second time.
  const task = startOpening(url);
  ahead = { url, task, isClaimed: true };
  return task;
}

/** Page 1 drawn once, ahead of the viewer, at a scale that covers the viewer's first view on any screen. */
export interface FirstPageSnapshot {
  canvas: HTMLCanvasElement;
  /** The page's size at scale 1 (PDF points). */
  width: number;
  height: number;
}

const SNAPSHOT_SCALE = 1.25;

/** Resolves when the main thread is idle (at most a second later); at once where idle callbacks do not exist. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else resolve();
  });
}
const snapshots = new WeakMap<PDFDocumentProxy, Promise<FirstPageSnapshot | null>>();
const readySnapshots = new WeakMap<PDFDocumentProxy, FirstPageSnapshot>();

/**
 * Draws a document's first page on a canvas nobody sees yet, while the member reads the lesson plan's card: the
 * viewer then shows that page the moment it opens (the real page's pixels, copied) and draws it again at its exact
 * scale behind it. Once per document; null when the page cannot be drawn (the viewer then draws as usual).
 */
export function snapshotFirstPage(document: PDFDocumentProxy): Promise<FirstPageSnapshot | null> {
  let snapshot = snapshots.get(document);
  if (!snapshot) {
    // The drawing is one long task on this thread: it waits until the page's own rendering is done (idle).
    snapshot = whenIdle()
      .then(() => document.getPage(1))
      .then(async (page) => {
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({
          scale: SNAPSHOT_SCALE * Math.min(window.devicePixelRatio || 1, 2),
        });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise;
        const ready = { canvas, width: base.width, height: base.height };
        readySnapshots.set(document, ready);
        return ready;
      })
      .catch(() => null);
    snapshots.set(document, snapshot);
  }
  return snapshot;
}

/** The first page's snapshot if it is drawn already. */
export function readySnapshotOf(document: PDFDocumentProxy): FirstPageSnapshot | null {
  return readySnapshots.get(document) ?? null;
}

/** The first page as an image (the API draws it from the PDF): its address and its size in PDF points. */
export interface FirstPagePreview {
  src: string;
  width: number;
  height: number;
}

const previews = new Map<string, Promise<FirstPagePreview | null>>();
const readyPreviews = new Map<string, FirstPagePreview>();

/**
 * Fetches and decodes a document's first-page image (a few dozen kB, one request) so the viewer shows it the
 * moment it opens, long before pdf.js has the page's ranges. Null when it cannot be had (the viewer waits for
 * pdf.js as before).
 */
export function preloadFirstPage(url: string): Promise<FirstPagePreview | null> {
  let preview = previews.get(url);
  if (!preview) {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    preview = image
      .decode()
      .then(() => {
        const ready = {
          src: url,
          width: image.naturalWidth / TRC_FIRST_PAGE_SCALE,
          height: image.naturalHeight / TRC_FIRST_PAGE_SCALE,
        };
        readyPreviews.set(url, ready);
        return ready;
      })
      .catch(() => null);
    previews.set(url, preview);
    // Signed URLs expire: keep a handful of them at most.
    if (previews.size > 8) {
      const oldest = previews.keys().next().value;
      if (oldest !== undefined) {
        previews.delete(oldest);
        readyPreviews.delete(oldest);
      }
    }
  }
  return preview;
}

export function readyFirstPageOf(url: string | null): FirstPagePreview | null {
  return url ? (readyPreviews.get(url) ?? null) : null;
}
