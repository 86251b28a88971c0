import type { ApiClient } from '@dance/api-client';
import type { TTrcDocument } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { openPdfAhead, preloadFirstPage, warmUpPdfJs } from './pdf/load-pdf';
import { prefetchLessonPlan, prefetchTrcAccess } from './queries';

const LESSON_PLAN_PATH = /^\/trc\/lesson-plans\/([^/]+)\/?$/i;

/** The lesson plan's id of a TRC address, or null for any other address. */
export function lessonPlanIdOf(pathname: string): string | null {
  const match = LESSON_PLAN_PATH.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * As soon as the signed URLs are here: the first page's image (shown the moment the viewer opens), then the PDF's
 * first ranges (the viewer's document takes them over).
 */
export function onLessonPlanSigned(document: TTrcDocument) {
  // The image first: it is what shows, and the PDF's ranges would share the member's bandwidth with it.
  void preloadFirstPage(document.firstPageUrl).finally(() => openPdfAhead(document.url));
}

/** The page's chunk, pdf.js and its worker: what a lesson plan's page runs, loading beside its data. */
export function preloadLessonPlanCode() {
  void import('./content-page').catch(() => {});
  void warmUpPdfJs().catch(() => {});
}

/**
 * A lesson plan opened by its address (issue 16's first-page budget): the app's start asks for everything its
 * page needs at once, beside the session, instead of after the guard's chunk and check: the access check, the
 * details, the signed URLs (then the first page's image and the PDF's opening), the page's chunks and pdf.js.
 * For a guest the calls answer 401, kept as errors; the guard then sends them to log in as before.
 */
export function preloadLessonPlanAtStart(queryClient: QueryClient, client: ApiClient, id: string) {
  prefetchTrcAccess(queryClient, client);
  prefetchLessonPlan(queryClient, client, id, onLessonPlanSigned);
  void import('./trc-guarded-layout').catch(() => {});
  preloadLessonPlanCode();
}
