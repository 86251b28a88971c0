import type { Gate, TSessionUser } from '@dance/domain';
import { PageLoader } from '@dance/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useViewer } from './use-viewer';

/** Wraps a route with one of the domain's route gates: waits for the session, then redirects or renders. */
export function GateRoute({
  gate,
  children,
}: {
  gate: (viewer: TSessionUser | null) => Gate;
  children: ReactNode;
}) {
  const { user, isLoading } = useViewer();
  if (isLoading) return <PageLoader />;
  const verdict = gate(user);
  if (verdict) return <Navigate to={verdict.redirectTo} replace />;
  return <>{children}</>;
}
