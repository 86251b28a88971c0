import { TRC_MESSAGES, type TTrcAccessState } from '@dance/domain';
import { toast } from '@dance/ui';
import { Alert, Button, Center, Container, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { useTrcAccess } from './queries';

/** The "Loading..." screen while the TRC checks where the viewer stands (spec 2 §4). */
export function TrcLoading() {
  return (
    <Center py={64} role="status" aria-live="polite">
      <Text fw={600}>{TRC_MESSAGES.loading}</Text>
    </Center>
  );
}

/** Shows a toast once per mount (effects run twice in development). */
function useToastOnce(message: string | null, kind: 'error' | 'info' = 'error') {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!message || shown.current === message) return;
    shown.current = message;
    toast[kind](message);
  }, [message, kind]);
}

export type TrcStandingView =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string; toast: string | null }
  | { kind: 'failed' }
  | { kind: 'ready'; state: TTrcAccessState };

/**
 * Where the viewer stands with the TRC, shared by the guard and the access pages: guests are asked to log in,
 * a session without an email to sign up (spec 2 §4), a failed check says so.
 */
export function useTrcStanding(): TrcStandingView & { retry: () => void } {
  const { user, isLoading } = useViewer();
  const access = useTrcAccess(user !== null);
  const retry = () => void access.refetch();
  if (isLoading) return { kind: 'loading', retry };
  if (!user) return { kind: 'redirect', to: '/login', toast: TRC_MESSAGES.loginToContinue, retry };
  if (!user.email) return { kind: 'redirect', to: '/SignUp', toast: TRC_MESSAGES.signUpFirst, retry };
  if (access.data) {
    if (access.data.access === 'signup')
      return { kind: 'redirect', to: '/SignUp', toast: TRC_MESSAGES.signUpFirst, retry };
    return { kind: 'ready', state: access.data, retry };
  }
  if (access.isError) return { kind: 'failed', retry };
  return { kind: 'loading', retry };
}

/** The redirect of a standing, with its toast. */
export function StandingRedirect({ to, message }: { to: string; message: string | null }) {
  useToastOnce(message);
  return <Navigate to={to} replace />;
}

/** The failed status check: the spec's toast, and a way to try again. */
export function StandingFailed({ onRetry }: { onRetry: () => void }) {
  useToastOnce(TRC_MESSAGES.fetchStatusFailed);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" role="alert" title={TRC_MESSAGES.fetchStatusFailed}>
        <Group gap="sm">
          <Text fz="sm">Check your connection.</Text>
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}

/**
 * The access guard around every TRC page but access and resubmit (spec 2 §2, §4): "Loading..." while it
 * checks; without approved access to /trc/access; approved without an active plan to /plans (decision 0026).
 */
export function TrcGuard({ children }: { children: ReactNode }) {
  const standing = useTrcStanding();
  if (standing.kind === 'loading') return <TrcLoading />;
  if (standing.kind === 'redirect') return <StandingRedirect to={standing.to} message={standing.toast} />;
  if (standing.kind === 'failed') return <StandingFailed onRetry={standing.retry} />;
  const { access } = standing.state;
  if (access === 'granted') return <>{children}</>;
  if (access === 'plans') return <Navigate to="/plans" replace />;
  return <Navigate to="/trc/access" replace />;
}
