import { ApiError } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { useRouteError } from 'react-router';
import { ProblemView } from '../components/problem-view';

/** What an operator reads when a screen fails: never a script error's own text (issue 22 item 8). */
export const SCREEN_FAILED_TEXT =
  'This screen could not be shown. Reload the page; if it keeps happening, tell the development team what you were doing.';

/** A screen that failed to load or render (often a stale bundle after a deploy): reloading fixes it. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  // The API's messages are written for people; anything else (a render or bundle failure) is not.
  const detail = error instanceof ApiError ? error.message : SCREEN_FAILED_TEXT;
  return (
    <ProblemView
      isFullScreen
      title={MESSAGES.somethingWentWrong}
      message={detail}
      retryLabel="Reload"
      onRetry={() => window.location.reload()}
    />
  );
}
