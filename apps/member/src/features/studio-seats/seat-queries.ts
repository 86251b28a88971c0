import { useApiClient } from '@dance/api-client';
import { studioSeatEndpoints, type TAddSubUserRequest, type TUpdateSubUserRequest } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const seatKeys = {
  summary: ['studio', 'seats'] as const,
  subUsers: ['studio', 'sub-users'] as const,
};

export function useSeatSummary(pollMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: seatKeys.summary,
    queryFn: ({ signal }) => client.call(studioSeatEndpoints.seats, { signal }),
    refetchInterval: pollMs,
  });
}

export function useSubUsers() {
  const client = useApiClient();
  return useQuery({
    queryKey: seatKeys.subUsers,
    queryFn: ({ signal }) => client.call(studioSeatEndpoints.list, { signal }),
  });
}

function useSeatMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: seatKeys.summary }),
        queryClient.invalidateQueries({ queryKey: seatKeys.subUsers }),
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
