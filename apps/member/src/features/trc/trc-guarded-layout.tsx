import type { TTrcDocument } from '@dance/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { openPdfAhead, preloadFirstPage, warmUpPdfJs } from './pdf/load-pdf';
import { usePrefetchLessonPlan } from './queries';
import { TrcGuard } from './trc-guard';
import { TrcLayout } from './trc-layout';

/**
 * As soon as the signed URLs are here: the first page's image (shown the moment the viewer opens), then the PDF's
 * first ranges (the viewer's document takes them over).
 */
function onSigned(document: TTrcDocument) {
  // The image first: it is what shows, and the PDF's ranges would share the member's bandwidth with it.
  void preloadFirstPage(document.firstPageUrl).finally(() => openPdfAhead(document.url));
}

const LESSON_PLAN_PATH = /^\/trc\/lesson-plans\/([^/]+)\/?$/i;

/**
 * On a lesson plan's address, what its page needs starts with the access check instead of after it (the first
 * page of its PDF is on a budget): the page's chunk, pdf.js and its worker, the details, the signed URLs, the
 * first page's image and the PDF's opening (its cross-reference table and first page by range).
 */
function usePreloadLessonPlan() {
  const match = LESSON_PLAN_PATH.exec(useLocation().pathname);
  const id = match?.[1] ? decodeURIComponent(match[1]) : null;
  usePrefetchLessonPlan(id, onSigned);
  useEffect(() => {
    if (!id) return;
    void import('./content-page').catch(() => {});
    void warmUpPdfJs().catch(() => {});
  }, [id]);
}

/** Every TRC page but access and resubmit: the guard, then the TRC header over the page. */
export function TrcGuardedLayout() {
  usePreloadLessonPlan();
  return (
    <TrcGuard>
      <TrcLayout />
    </TrcGuard>
  );
}
