import type { PDFDocumentLoadingTask, PDFWorker } from 'pdfjs-dist';
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
 * Starts opening a PDF from its signed, expiring URL on the shared worker. The task's `destroy()` stops the
 * download and frees the document (the worker stays for the next one).
 *
 * The file route answers byte ranges, so pdf.js reads a large PDF's cross-reference table from its end by a range
 * request while it streams the file from the start (where a lesson plan's first page usually is), and asks for
 * whatever else the first page needs by range instead of waiting for the whole file.
 */
export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({ url, worker: await sharedWorker(pdfjs) });
}
