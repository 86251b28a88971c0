import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  playlistEndpoints,
  practiceEndpoints,
  studioAssignmentEndpoints,
  studioSeatEndpoints,
  type TCreateAssignment,
} from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const summaryKey = queryKeyOf(practiceEndpoints.summary);
const studioAssignmentsKey = pathKey(studioAssignmentEndpoints.list.path);

/** The member's own time zone, the one their days are counted in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function usePracticeSummary() {
  const client = useApiClient();
  return useQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => client.call(practiceEndpoints.summary, { signal }),
  });
}

export function useSetGoal() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weeklyGoalMinutes: number | null) =>
      client.call(practiceEndpoints.setGoal, { body: { weeklyGoalMinutes, timeZone: browserTimeZone() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: summaryKey }),
  });
}

export function useMyAssignments(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(studioAssignmentEndpoints.mine),
    queryFn: ({ signal }) => client.call(studioAssignmentEndpoints.mine, { signal }),
    enabled,
  });
}

export function useStudioAssignments(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(studioAssignmentEndpoints.list),
    queryFn: ({ signal }) => client.call(studioAssignmentEndpoints.list, { signal }),
    enabled,
  });
}

/** The studio's playlists and sub-users, the choices of the assign form. */
export function useAssignChoices(enabled: boolean) {
  const client = useApiClient();
  const playlists = useQuery({
    queryKey: queryKeyOf(playlistEndpoints.list, { query: { type: 'SPL' } }),
    queryFn: ({ signal }) => client.call(playlistEndpoints.list, { query: { type: 'SPL' }, signal }),
    enabled,
  });
  const subUsers = useQuery({
    queryKey: queryKeyOf(studioSeatEndpoints.list),
    queryFn: ({ signal }) => client.call(studioSeatEndpoints.list, { signal }),
    enabled,
  });
  return { playlists, subUsers };
}

function useStudioMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioAssignmentsKey }),
  });
}

export function useCreateAssignment() {
  const client = useApiClient();
  return useStudioMutation((body: TCreateAssignment) =>
    client.call(studioAssignmentEndpoints.create, { body }),
  );
}

export function useRemoveAssignment() {
  const client = useApiClient();
  return useStudioMutation((assignmentId: string) =>
    client.call(studioAssignmentEndpoints.remove, { params: { assignmentId } }),
  );
}

export function useRemind() {
  const client = useApiClient();
  return useStudioMutation((assignmentId: string) =>
    client.call(studioAssignmentEndpoints.remind, { params: { assignmentId }, body: {} }),
  );
}
