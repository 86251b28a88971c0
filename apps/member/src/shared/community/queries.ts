import { followLive, pathKey, postForm, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  API_PREFIX,
  COMMENT_LIVE_EVENTS,
  commentEndpoints,
  commentsChannel,
  LIVE_RESET_EVENT,
  type TCommentList,
  type TCommentSubjectType,
  type TPostComment,
  UPLOAD_PATH,
  ZUploadResponse,
} from '@dance/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export interface CommentSubjectRef {
  subjectType: TCommentSubjectType;
  subjectId: string;
}

/** Every page of every comment list (a subject's lists share the prefix; the query part tells them apart). */
const listsKey = pathKey(commentEndpoints.list.path);
const listKey = ({ subjectType, subjectId }: CommentSubjectRef, target: string | null) =>
  queryKeyOf(commentEndpoints.list, { query: { subjectType, subjectId, target } });

/** A subject's comments, page by page (cursor); the first page runs down to `target` when given. */
export function useComments(subject: CommentSubjectRef, target: string | null) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: listKey(subject, target),
    queryFn: ({ pageParam, signal }): Promise<TCommentList> =>
      client.call(commentEndpoints.list, {
        query: {
          subjectType: subject.subjectType,
          subjectId: subject.subjectId,
          ...(pageParam ? { cursor: pageParam } : target ? { target } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: subject.subjectId !== '',
  });
}

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listsKey });
}

export function usePostComment() {
  const client = useApiClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: TPostComment) => client.call(commentEndpoints.post, { body }),
    onSuccess: refresh,
  });
}

export function useEditComment() {
  const client = useApiClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      client.call(commentEndpoints.edit, { params: { commentId }, body: { content } }),
    onSuccess: refresh,
  });
}

export function useDeleteComment() {
  const client = useApiClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (commentId: string) => client.call(commentEndpoints.remove, { params: { commentId } }),
    onSuccess: refresh,
  });
}

/** Uploads one comment image (the type is checked from the bytes by the API); answers its URL. */
export async function uploadCommentImage(file: File, csrfToken: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'comment-image');
  form.append('file', file);
  return ZUploadResponse.parse(await postForm(`${API_PREFIX}${UPLOAD_PATH}`, form, csrfToken)).url;
}

/** Follows the subject's live channel: what others post, edit or delete refreshes the list. */
export function useLiveComments({ subjectType, subjectId }: CommentSubjectRef) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!subjectId) return;
    const refresh = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const [api, ...rest] = query.queryKey;
          if (api !== listsKey[0] || rest[0] !== listsKey[1]) return false;
          const input = rest.at(-1) as { query?: { subjectType?: string; subjectId?: string } } | undefined;
          return input?.query?.subjectType === subjectType && input.query.subjectId === subjectId;
        },
      });
    const handlers = Object.fromEntries(
      [...COMMENT_LIVE_EVENTS, LIVE_RESET_EVENT].map((type) => [type, refresh]),
    );
    return followLive(commentsChannel(subjectType, subjectId), handlers);
  }, [queryClient, subjectType, subjectId]);
}
