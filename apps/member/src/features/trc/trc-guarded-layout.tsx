import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { warmUpPdfJs } from './pdf/load-pdf';
import { usePrefetchLessonPlan } from './queries';
import { TrcGuard } from './trc-guard';
import { TrcLayout } from './trc-layout';

const LESSON_PLAN_PATH = /^\/trc\/lesson-plans\/([^/]+)\/?$/i;

/**
 * On a lesson plan's address, what its page needs starts with the access check instead of after it (the first
 * page of its PDF is on a budget): the page's chunk, pdf.js and its worker, the details and the signed URL.
 */
function usePreloadLessonPlan() {
  const match = LESSON_PLAN_PATH.exec(useLocation().pathname);
  const id = match?.[1] ? decodeURIComponent(match[1]) : null;
  usePrefetchLessonPlan(id);
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
