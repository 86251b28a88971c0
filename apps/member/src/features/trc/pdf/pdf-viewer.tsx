import { TRC_MESSAGES } from '@dance/domain';
import { ActionIcon, Alert, Box, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useElementSize, useMediaQuery } from '@mantine/hooks';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconZoomIn from '@tabler/icons-react/dist/esm/icons/IconZoomIn.mjs';
import IconZoomOut from '@tabler/icons-react/dist/esm/icons/IconZoomOut.mjs';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type FirstPagePreview, preloadFirstPage, readyFirstPageOf } from './load-pdf';
import { PdfPageCanvas } from './pdf-page-canvas';
import type { PdfDocumentState } from './use-pdf-document';
import {
  describeView,
  fitScale,
  nextViewStart,
  PDF_PAGE_GAP,
  PDF_ZOOM,
  PDF_ZOOM_RENDER_DEBOUNCE_MS,
  pagesInView,
  previousViewStart,
  viewStart,
  zoomIn,
  zoomOut,
} from './view-math';

/** Spec 2 §9: desktop from 1024 px (two-page spreads), tablet from 768 px; phones get a full-screen viewer. */
const DESKTOP_QUERY = '(min-width: 1024px)';
const PHONE_QUERY = '(max-width: 767.98px)';

export interface PdfViewerProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /**
   * The open PDF: the page opens it as soon as its signed URL arrives, so the first page draws the moment
   * the viewer opens.
   */
  pdf: PdfDocumentState;
  /**
   * The first page as an image (drawn by the API from the PDF): shown the moment the viewer opens, in the first
   * page's place and size, until pdf.js has drawn the page itself.
   */
  firstPageUrl?: string | null;
  /** The page count known before the PDF is read (the document's). */
  pageCount?: number;
  /** Offered only where the team allows downloading the item. */
  downloadUrl?: string | null;
  /** The URL could not be had, or the PDF could not be read. */
  hasFailed?: boolean;
}

/**
 * The PDF viewer of spec 2 §2 on pdf.js: two-page spreads on desktop and one page on tablets and phones,
 * previous and next, zoom 0.5 to 3 in steps of 0.1 (drawn again 150 ms after the last step), a 20 px
 * gap between pages, full screen on phones. The arrow keys turn pages; + and - zoom.
 */
export function PdfViewer({
  isOpen,
  onClose,
  title,
  pdf,
  firstPageUrl = null,
  pageCount = 0,
  downloadUrl,
  hasFailed = false,
}: PdfViewerProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY) ?? true;
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={title}
      fullScreen={isPhone}
      size={isPhone ? '100%' : 'calc(100vw - 48px)'}
      radius={isPhone ? 0 : 'md'}
      padding={isPhone ? 'xs' : 'md'}
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close viewer' }}
      // Opens at once: the first page (drawn ahead) is on screen the moment the button is pressed, not after a fade.
      transitionProps={{ duration: 0 }}
    >
      {isOpen && (
        <ViewerBody
          pdf={pdf}
          firstPageUrl={firstPageUrl}
          knownPageCount={pageCount}
          downloadUrl={downloadUrl ?? null}
          hasFailed={hasFailed}
          pagesPerView={isDesktop ? 2 : 1}
          isPhone={isPhone}
          title={title}
        />
      )}
    </Modal>
  );
}

/** The first page's image once it is fetched and decoded (at once when the lesson plan's address preloaded it). */
function useFirstPagePreview(url: string | null): FirstPagePreview | null {
  const [preview, setPreview] = useState(() => readyFirstPageOf(url));
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    void preloadFirstPage(url).then((ready) => {
      if (isCurrent) setPreview(ready);
    });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return preview;
}

function ViewerBody({
  pdf,
  firstPageUrl,
  knownPageCount,
  downloadUrl,
  hasFailed,
  pagesPerView,
  isPhone,
  title,
}: {
  pdf: PdfDocumentState;
  firstPageUrl: string | null;
  knownPageCount: number;
  downloadUrl: string | null;
  hasFailed: boolean;
  pagesPerView: 1 | 2;
  isPhone: boolean;
  title: string;
}) {
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(PDF_ZOOM.initial);
  const [renderZoom] = useDebouncedValue(zoom, PDF_ZOOM_RENDER_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<{ width: number; height: number } | null>(null);
  const [hasPageError, setHasPageError] = useState(false);
  // The view's other page is drawn once its first page is (one worker, one network: the first page comes first).
  const [drawnStart, setDrawnStart] = useState<number | null>(null);
  const stage = useElementSize();
  const document = pdf.document;
  const preview = useFirstPagePreview(firstPageUrl);
  // Page 1's image stays over its canvas until pdf.js has drawn the page (then the canvas shows, same size).
  const [isFirstDrawn, setIsFirstDrawn] = useState(false);
  const pageCount = document?.numPages ?? (preview ? knownPageCount : 0);
  const start = viewStart(page, pagesPerView);
  const pages = pagesInView(start, pagesPerView, pageCount);

  // The first page's size fits the view; lesson plans keep one page size throughout.
  useEffect(() => {
    if (!document) return;
    let isCurrent = true;
    void document.getPage(1).then(
      (first) => {
        if (!isCurrent) return;
        const viewport = first.getViewport({ scale: 1 });
        setPageSize({ width: viewport.width, height: viewport.height });
      },
      () => isCurrent && setHasPageError(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [document]);

  // Before pdf.js has read the PDF, the first page's image gives the page size (lesson plans keep one size).
  const size = pageSize ?? (preview ? { width: preview.width, height: preview.height } : null);
  const fit = size
    ? fitScale(
        stage.width - 2 * 8,
        stage.height - 2 * 8,
        pages.map(() => size),
      )
    : 1;

  function goTo(next: number) {
    setPage(next);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') {
      event.preventDefault();
      goTo(nextViewStart(start, pagesPerView, pageCount));
    } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
      event.preventDefault();
      goTo(previousViewStart(start, pagesPerView));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      setZoom(zoomIn);
    } else if (event.key === '-') {
      event.preventDefault();
      setZoom(zoomOut);
    }
  }

  if (hasFailed || pdf.status === 'error' || hasPageError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {TRC_MESSAGES.pdfPreviewFailed}
      </Alert>
    );
  }

  const isAtStart = start <= 1;
  const isAtEnd = pageCount === 0 || start + pagesPerView > pageCount;

  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Previous page">
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              onClick={() => goTo(previousViewStart(start, pagesPerView))}
              disabled={isAtStart}
              aria-label="Previous page"
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fz="sm" miw={120} ta="center" aria-live="polite" data-testid="pdf-position">
            {pageCount > 0 ? describeView(pages, pageCount) : 'Loading...'}
          </Text>
          <Tooltip label="Next page">
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              onClick={() => goTo(nextViewStart(start, pagesPerView, pageCount))}
              disabled={isAtEnd}
              aria-label="Next page"
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={() => setZoom(zoomOut)}
            disabled={zoom <= PDF_ZOOM.min}
            aria-label="Zoom out"
          >
            <IconZoomOut size={18} />
          </ActionIcon>
          <Button
            variant="default"
            size="compact-sm"
            radius="xl"
            onClick={() => setZoom(PDF_ZOOM.initial)}
            aria-label={`Zoom ${Math.round(zoom * 100)}%, reset to 100%`}
            data-testid="pdf-zoom"
            miw={64}
          >
            {Math.round(zoom * 100)}%
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={() => setZoom(zoomIn)}
            disabled={zoom >= PDF_ZOOM.max}
            aria-label="Zoom in"
          >
            <IconZoomIn size={18} />
          </ActionIcon>
          {downloadUrl && (
            <Button
              component="a"
              href={downloadUrl}
              download
              variant="default"
              size="sm"
              radius="xl"
              leftSection={<IconDownload size={16} />}
              ml="xs"
            >
              Download
            </Button>
          )}
        </Group>
      </Group>
      <Box
        ref={stage.ref}
        tabIndex={0}
        role="region"
        aria-label={`${title}: pages`}
        data-testid="pdf-stage"
        style={{
          height: isPhone ? 'calc(100dvh - 140px)' : 'calc(100dvh - 200px)',
          overflow: 'auto',
          background: 'var(--mantine-color-gray-light)',
          borderRadius: 8,
        }}
      >
        {!size || pages.length === 0 ? (
          <Group justify="center" h="100%">
            <Loader role="status" aria-label="Loading the PDF" />
          </Group>
        ) : (
          <div
            style={{
              display: 'flex',
              gap: PDF_PAGE_GAP,
              padding: 8,
              width: 'max-content',
              minWidth: '100%',
              minHeight: '100%',
              justifyContent: 'center',
              alignItems: 'center',
              boxSizing: 'border-box',
            }}
          >
            {pages.map((pageNumber) => {
              const width = size.width * fit * zoom;
              const height = size.height * fit * zoom;
              const canvas =
                document && (pageNumber === start || drawnStart === start) ? (
                  <PdfPageCanvas
                    key={pageNumber}
                    document={document}
                    pageNumber={pageNumber}
                    cssScale={fit * zoom}
                    renderScale={fit * renderZoom}
                    onRendered={(drawn) => {
                      if (drawn === 1) setIsFirstDrawn(true);
                      if (drawn === start) setDrawnStart(start);
                    }}
                    onError={() => setHasPageError(true)}
                  />
                ) : null;
              // Page 1 always sits in the same box (its canvas is never remounted when the image goes away).
              if (pageNumber === 1 && (canvas || (preview && !isFirstDrawn)))
                return (
                  <div key={pageNumber} style={{ display: 'grid', flex: 'none', width, height }}>
                    {canvas && <div style={{ gridArea: '1 / 1' }}>{canvas}</div>}
                    {preview && !isFirstDrawn && (
                      <img
                        src={preview.src}
                        alt="Page 1"
                        data-testid="pdf-page-preview"
                        data-page={1}
                        data-drawn
                        style={{
                          gridArea: '1 / 1',
                          display: 'block',
                          width,
                          height,
                          background: '#fff',
                          boxShadow: '0 2px 12px rgba(0, 0, 0, 0.25)',
                        }}
                      />
                    )}
                  </div>
                );
              return (
                canvas ?? (
                  <div
                    key={pageNumber}
                    aria-hidden
                    style={{ width, height, background: '#fff', flex: 'none' }}
                  />
                )
              );
            })}
          </div>
        )}
      </Box>
    </Stack>
  );
}
