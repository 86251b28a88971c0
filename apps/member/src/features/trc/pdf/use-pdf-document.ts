import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { openPdf, snapshotFirstPage } from './load-pdf';

export type PdfDocumentState =
  | { status: 'loading'; document: null }
  | { status: 'ready'; document: PDFDocumentProxy }
  | { status: 'error'; document: null };

/** The open PDF for a URL; closed (download stopped, worker freed) when the URL changes or the viewer goes away. */
export function usePdfDocument(url: string | null): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: 'loading', document: null });

  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    let task: PDFDocumentLoadingTask | null = null;
    setState({ status: 'loading', document: null });
    openPdf(url)
      .then((started) => {
        task = started;
        if (!isCurrent) {
          void started.destroy();
          return;
        }
        return started.promise.then((document) => {
          if (!isCurrent) return;
          void snapshotFirstPage(document);
          setState({ status: 'ready', document });
        });
      })
      .catch(() => {
        if (isCurrent) setState({ status: 'error', document: null });
      });
    return () => {
      isCurrent = false;
      if (task) void task.destroy();
    };
  }, [url]);

  return state;
}
