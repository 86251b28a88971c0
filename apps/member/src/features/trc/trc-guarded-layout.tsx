import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { lessonPlanIdOf, onLessonPlanSigned, preloadLessonPlanCode } from './preload-lesson-plan';
import { usePrefetchLessonPlan } from './queries';
import { TrcGuard } from './trc-guard';
import { TrcLayout } from './trc-layout';

/**
 * On a lesson plan's address, what its page needs starts with the access check instead of after it (the first
 * page of its PDF is on a budget): the page's chunk, pdf.js and its worker, the details, the signed URLs, the
 * first page's image and the PDF's opening (its cross-reference table and first page by range). Opened by its
 * address, the app's start has asked already (preloadLessonPlanAtStart); this covers a move inside the app.
 */
function usePreloadLessonPlan() {
  const id = lessonPlanIdOf(useLocation().pathname);
  usePrefetchLessonPlan(id, onLessonPlanSigned);
  useEffect(() => {
    if (id) preloadLessonPlanCode();
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
