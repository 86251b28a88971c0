import { ApiError, useSession } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { ProblemView } from '../../components/problem-view';
import { describeAccessDenial } from './admin-access';
import { showAuthNotice } from './auth-notice';
import { useSignOutStore } from './sign-out-store';

/**
 * The gate of spec 3 §4 around the whole console: no session shows "Please Login Again", any role
 * other than admin shows "user role does not match", and both go to /login.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const isSigningOut = useSignOutStore((state) => state.isSigningOut);
  const hasSession = session.data !== undefined;
  const denial = session.data !== undefined && !isSigningOut ? describeAccessDenial(session.data) : null;

  useEffect(() => {
    if (!denial) return;
    showAuthNotice(denial);
    void navigate(LOGIN_PATH, { replace: true });
  }, [denial, navigate]);

  if (!hasSession && session.isError) {
    return (
      <ProblemView
        isFullScreen
        title="We could not check your session"
        message={session.error instanceof ApiError ? session.error.message : MESSAGES.somethingWentWrong}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (!hasSession || denial || isSigningOut) return <PageLoader isFullScreen label="Checking your session" />;
  return children;
}
