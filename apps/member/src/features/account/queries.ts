import { queryKeyOf, queryKeys, useApiClient } from '@dance/api-client';
import {
  accountEndpoints,
  notificationEndpoints,
  studioSeatEndpoints,
  type TAddSubUserRequest,
  type TChangeEmailRequest,
  type TConfirmEmailRequest,
  type TPreference,
  type TUpdateNameRequest,
  type TUpdateSubUserRequest,
} from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Exact: the subscription (/account/subscription) lives below it and is not refreshed by these changes. */
const accountDetailsKey = queryKeyOf(accountEndpoints.get);

export function useAccountDetails() {
  const client = useApiClient();
  return useQuery({
    queryKey: accountDetailsKey,
    queryFn: ({ signal }) => client.call(accountEndpoints.get, { signal }),
  });
}

/** Every account change refreshes the details and the session (header name, avatar). */
function useAccountMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountDetailsKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]);
    },
  });
}

export function useUpdateName() {
  const client = useApiClient();
  return useAccountMutation((body: TUpdateNameRequest) => client.call(accountEndpoints.updateName, { body }));
}

export function useChangeEmail() {
  const client = useApiClient();
  return useAccountMutation((body: TChangeEmailRequest) =>
    client.call(accountEndpoints.changeEmail, { body }),
  );
}

/** Follows the link mailed to the new address; a logged-in member's session and details refresh. */
export function useConfirmEmail() {
  const client = useApiClient();
  return useAccountMutation((body: TConfirmEmailRequest) =>
    client.call(accountEndpoints.confirmEmail, { body }),
  );
}

export function useSetProfileImage() {
  const client = useApiClient();
  return useAccountMutation((imageUrl: string) =>
    client.call(accountEndpoints.setImage, { body: { imageUrl } }),
  );
}

/** The reply mail's switch; it is also the reply row's mail cell of the preferences grid (decision 0038). */
export function useSetNotifications() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useAccountMutation(async (commentNotifications: boolean) => {
    const answer = await client.call(accountEndpoints.setNotifications, { body: { commentNotifications } });
    await queryClient.invalidateQueries({ queryKey: preferencesKey });
    return answer;
  });
}

// A studio owner's seats and sub-users (the account page's studio card).

const seatSummaryKey = queryKeyOf(studioSeatEndpoints.seats);
const subUsersKey = queryKeyOf(studioSeatEndpoints.list);

export function useSeatSummary(pollMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: seatSummaryKey,
    queryFn: ({ signal }) => client.call(studioSeatEndpoints.seats, { signal }),
    refetchInterval: pollMs,
  });
}

export function useSubUsers() {
  const client = useApiClient();
  return useQuery({
    queryKey: subUsersKey,
    queryFn: ({ signal }) => client.call(studioSeatEndpoints.list, { signal }),
  });
}

function useSeatMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: seatSummaryKey }),
        queryClient.invalidateQueries({ queryKey: subUsersKey }),
      ]);
    },
  });
}

export function useAddSubUser() {
  const client = useApiClient();
  return useSeatMutation((body: TAddSubUserRequest) => client.call(studioSeatEndpoints.add, { body }));
}

export function useUpdateSubUser() {
  const client = useApiClient();
  return useSeatMutation((input: { subUserId: string } & TUpdateSubUserRequest) =>
    client.call(studioSeatEndpoints.update, {
      params: { subUserId: input.subUserId },
      body: { firstName: input.firstName, lastName: input.lastName },
    }),
  );
}

export function useDeleteSubUser() {
  const client = useApiClient();
  return useSeatMutation((subUserId: string) =>
    client.call(studioSeatEndpoints.remove, { params: { subUserId } }),
  );
}

// Notification preferences per kind and channel (issue 17).

const preferencesKey = queryKeyOf(notificationEndpoints.preferences);

export function useNotificationPreferences() {
  const client = useApiClient();
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => client.call(notificationEndpoints.preferences, { signal }),
  });
}

export function useSaveNotificationPreference() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: TPreference) =>
      client.call(notificationEndpoints.setPreferences, { body: { preferences: [preference] } }),
    onSuccess: async (answer, preference) => {
      queryClient.setQueryData(preferencesKey, { preferences: answer.preferences });
      // The reply mail cell is the account's comment-notifications switch.
      if (preference.kind === 'reply' && preference.channel === 'mail')
        await queryClient.invalidateQueries({ queryKey: accountDetailsKey, exact: true });
    },
  });
}

/** The one-click unsubscribe of a mail's link (no login: the token authorises). */
export function useUnsubscribeMail() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => client.call(notificationEndpoints.unsubscribeMail, { query: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
}
