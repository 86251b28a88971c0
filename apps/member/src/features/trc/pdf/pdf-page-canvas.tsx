import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

/**
 * One page drawn on a canvas. `cssScale` sizes it at once (a zoom feels immediate); `renderScale` is the
 * scale it is drawn at, which the viewer changes only after the zoom settles (150 ms). The canvas is drawn
 * at the device's pixel ratio, so text stays sharp on phones.
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
    void document
      .getPage(pageNumber)
      .then((page) => {
        if (isCancelled) return;
        const base = page.getViewport({ scale: 1 });
        setSize({ width: base.width, height: base.height });
        const canvas = canvasRef.current;
        if (!canvas) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: renderScale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        return task.promise.then(() => {
          if (isCancelled) return;
          setIsDrawn(true);
          renderedRef.current?.(pageNumber);
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
