import { ApiError, useLogout } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { toast } from '@dance/ui';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/paths';
import { useSignOutStore } from './sign-out-store';

/**
 * Logout of spec 3 §2: ends the session on the server, clears the cached user data and goes to /login.
 * The login page resets the signing-out flag once it is on screen.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const setSigningOut = useSignOutStore((state) => state.setSigningOut);

  async function signOut() {
    setSigningOut(true);
    try {
      await logout.mutateAsync();
    } catch (error) {
      // The local session is cleared whatever the server said; tell the admin the server one may live on.
      toast.error(error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong);
    }
    await navigate(LOGIN_PATH, { replace: true });
  }

  return { signOut, isSigningOut: logout.isPending };
}
