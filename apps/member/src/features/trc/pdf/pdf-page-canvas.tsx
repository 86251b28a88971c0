import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { readySnapshotOf } from './load-pdf';

/** Resolves once the browser has presented the next frame (a task queued from its animation frame). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * One page drawn on a canvas. `cssScale` sizes it at once (a zoom feels immediate); `renderScale` is the
 * scale it is drawn at, which the viewer changes only after the zoom settles (150 ms). The canvas is drawn
 * at the device's pixel ratio, so text stays sharp on phones. Page 1, when it was drawn ahead
 * (`snapshotFirstPage`), shows at once and is sharpened behind the scenes.
 */
export function PdfPageCanvas({
  document,
  pageNumber,
  cssScale,
  renderScale,
  onRendered,
  onError,
}: {
  document: PDFDocumentProxy;
  pageNumber: number;
  cssScale: number;
  renderScale: number;
  onRendered?: (pageNumber: number) => void;
  onError?: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const renderedRef = useRef(onRendered);
  renderedRef.current = onRendered;
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    let task: RenderTask | null = null;
    let isCancelled = false;
    const canvas = canvasRef.current;
    const ratio = window.devicePixelRatio || 1;
    const shown = () => {
      setIsDrawn(true);
      renderedRef.current?.(pageNumber);
    };
    // Page 1 drawn ahead (while the member read the card) shows at once, scaled to this view; the page is then
    // drawn at its exact scale off screen and copied over it in one step, so nothing flashes.
    const snapshot = pageNumber === 1 ? readySnapshotOf(document) : null;
    let isSnapshotShown = false;
    if (snapshot && canvas) {
      setSize({ width: snapshot.width, height: snapshot.height });
      canvas.width = Math.floor(snapshot.width * renderScale * ratio);
      canvas.height = Math.floor(snapshot.height * renderScale * ratio);
      const context = canvas.getContext('2d');
      if (context) {
        context.drawImage(snapshot.canvas, 0, 0, canvas.width, canvas.height);
        isSnapshotShown = true;
        shown();
      }
    }
    // pdf.js draws a page on this thread, in one long task: it starts after the next frame is on screen, so the
    // viewer (with page 1's image or snapshot) shows first instead of waiting for the drawing.
    void afterNextPaint()
      .then(() => (isCancelled ? null : document.getPage(pageNumber)))
      .then((page) => {
        if (!page) return;
        if (isCancelled) return;
        const base = page.getViewport({ scale: 1 });
        setSize({ width: base.width, height: base.height });
        if (!canvas) return;
        const viewport = page.getViewport({ scale: renderScale * ratio });
        const target = isSnapshotShown ? window.document.createElement('canvas') : canvas;
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = page.render({ canvas: target, viewport });
        return task.promise.then(() => {
          if (isCancelled) return;
          if (target !== canvas) {
            canvas.width = target.width;
            canvas.height = target.height;
            canvas.getContext('2d')?.drawImage(target, 0, 0);
            return;
          }
          shown();
        });
      })
      .catch((error: unknown) => {
        if (isCancelled || (error as { name?: string })?.name === 'RenderingCancelledException') return;
        errorRef.current?.();
      });
    return () => {
      isCancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, renderScale]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`Page ${pageNumber}`}
      data-testid="pdf-page"
      data-page={pageNumber}
      data-drawn={isDrawn || undefined}
      style={{
        display: 'block',
        background: '#fff',
        boxShadow: '0 2px 12px rgba(0, 0, 0, 0.25)',
        width: size ? size.width * cssScale : undefined,
        height: size ? size.height * cssScale : undefined,
        flex: 'none',
      }}
    />
  );
}
