import { queryKeys, useApiClient } from '@dance/api-client';
import {
  accountEndpoints,
  type TChangeEmailRequest,
  type TConfirmEmailRequest,
  type TUpdateNameRequest,
} from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const accountKeys = { details: ['account', 'details'] as const };

export function useAccountDetails() {
  const client = useApiClient();
  return useQuery({
    queryKey: accountKeys.details,
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
        queryClient.invalidateQueries({ queryKey: accountKeys.details }),
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

export function useSetNotifications() {
  const client = useApiClient();
  return useAccountMutation((commentNotifications: boolean) =>
    client.call(accountEndpoints.setNotifications, { body: { commentNotifications } }),
  );
}
