import { MESSAGES } from '@dance/domain';
import { useRouteError } from 'react-router';
import { ProblemView } from '../components/problem-view';

/** A screen that failed to load or render (often a stale bundle after a deploy): reloading fixes it. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : MESSAGES.somethingWentWrong;
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
