import type {
  TChangePasswordRequest,
  TLoginRequest,
  TResetPasswordRequest,
  TSessionResponse,
  TSignUpRequest,
  TStudioSignUpRequest,
} from '@dance/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { type ApiClient, ApiError } from './client';
import { useApiClient } from './context';
import { authRoutes } from './routes';

/** Query keys, in one place so invalidation never misses a spelling. */
export const queryKeys = {
  session: ['session'] as const,
  outbox: (to?: string) => ['dev', 'outbox', to ?? ''] as const,
};

/** Reads the session; a guest is `null`, not an error. */
export async function fetchSession(client: ApiClient): Promise<TSessionResponse | null> {
  try {
    const session = await client.call(authRoutes.session);
    client.setSession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      client.setSession(null);
      return null;
    }
    throw error;
  }
}

/**
 * The session query, shared by `useSession` and the app's start-up prefetch. Fresh for 5 minutes: what changes it
 * here (log-in, plans, the account) stores or invalidates it, an ended session answers 401 to the next request
 * (session-expired handler), and every page that mounted after a minute asked for it again, beside the player's
 * first segment on a route change to a video (issue 21).
 */
export const sessionQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: () => fetchSession(client),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions(useApiClient()));
}

/** Store a session answered by login or sign-up, so the UI updates without a refetch. */
export function storeSession(client: ApiClient, queryClient: QueryClient, session: TSessionResponse | null) {
  client.setSession(session);
  queryClient.setQueryData(queryKeys.session, session);
}

export function useLogin() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginRequest) => client.call(authRoutes.login, { body }),
    onSuccess: (session) => storeSession(client, queryClient, session),
  });
}

export function useSignUp() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSignUpRequest) => client.call(authRoutes.signUp, { body }),
    onSuccess: (session) => storeSession(client, queryClient, session),
  });
}

export function useStudioSignUp() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStudioSignUpRequest) => client.call(authRoutes.studioSignUp, { body }),
    onSuccess: (session) => storeSession(client, queryClient, session),
  });
}

/** Logout clears every cached query, whatever the server answers. */
export function useLogout() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await client.call(authRoutes.logout);
      } finally {
        client.setSession(null);
        queryClient.clear();
        queryClient.setQueryData(queryKeys.session, null);
      }
    },
  });
}

export function useForgotPassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: { email: string }) => client.call(authRoutes.forgotPassword, { body }),
  });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => client.call(authRoutes.resetPassword, { body }),
  });
}

export function useSetPassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => client.call(authRoutes.setPassword, { body }),
  });
}

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => client.call(authRoutes.changePassword, { body }),
  });
}
