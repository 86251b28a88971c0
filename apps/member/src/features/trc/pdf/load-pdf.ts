import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
// The worker is its own chunk, fetched only when a PDF opens.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
let pdfjsPromise: Promise<PdfJs> | null = null;

/** pdf.js itself loads on the first PDF a member opens, not with the TRC pages. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return pdfjsPromise;
}

/**
 * Starts opening a PDF from its signed, expiring URL. pdf.js asks for byte ranges, so the first page shows
 * before the whole file has arrived. The task's `destroy()` stops the download and frees the worker.
 */
export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({ url });
}
