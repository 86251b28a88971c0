import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  MESSAGES,
  showMoreReplies,
  type TComment,
  type TCommentSubjectType,
  type TCommentThread,
} from '@dance/domain';
import { confirm } from '@dance/ui';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { readServerMessage } from '../server-message';
import { CommentComposer, LengthCounter } from './comment-composer';
import { CommentText } from './comment-text';
import classes from './community-chat.module.css';
import { useComments, useDeleteComment, useEditComment, useLiveComments, usePostComment } from './queries';
import { progressToast } from './toasts';

export interface CommunityChatProps {
  subjectType: TCommentSubjectType;
  subjectId: string;
  /** A comment to scroll to and highlight (`target={commentId}` of the page's URL). */
  target?: string | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The Community Chat under a video or TRC content (spec 2 §2, §4): newest first, replies under their comment,
 * live, with the spec's toasts. One post in flight, one reply box open, one comment in edit at a time.
 */
export function CommunityChat({ subjectType, subjectId, target = null }: CommunityChatProps) {
  const subject = useMemo(() => ({ subjectType, subjectId }), [subjectType, subjectId]);
  const comments = useComments(subject, target);
  useLiveComments(subject);
  const post = usePostComment();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const scrolledTo = useRef<string | null>(null);

  const pages = comments.data?.pages ?? [];
  const threads = pages.flatMap((page) => page.comments);
  const total = pages[0]?.total ?? 0;

  // target: scroll to the comment and highlight it once it is on the page (its thread opened if a reply).
  useEffect(() => {
    if (!target || scrolledTo.current === target || threads.length === 0) return;
    const parent = threads.find((thread) => thread.replies.some((reply) => reply.id === target));
    if (parent && !expanded.has(parent.id)) {
      setExpanded((current) => new Set(current).add(parent.id));
      return;
    }
    const element = document.getElementById(`comment-${target}`);
    if (!element) return;
    scrolledTo.current = target;
    element.scrollIntoView({ block: 'center' });
    setHighlighted(target);
    // Once more after the page above settles (images and details still loading move the comment down). Not
    // cleared by the effect: it re-runs on every new page of data, and the scroll happens once.
    window.setTimeout(() => element.isConnected && element.scrollIntoView({ block: 'center' }), 700);
    window.setTimeout(() => setHighlighted(null), 6000);
  }, [target, threads, expanded]);

  async function send(content: string, images: string[], replyTo: string | null) {
    if (post.isPending) return false;
    const progress = progressToast(COMMENT_MESSAGES.posting);
    try {
      const result = await post.mutateAsync({ subjectType, subjectId, content, replyTo, images });
      if (result.requiresValidation) progress.succeed(COMMENT_MESSAGES.pendingApproval, 7000);
      else progress.succeed(COMMENT_MESSAGES.posted);
      if (replyTo) {
        setReplyingTo(null);
        const parent = threads.find((t) => t.id === replyTo || t.replies.some((r) => r.id === replyTo));
        if (parent) setExpanded((current) => new Set(current).add(parent.id));
      }
      return true;
    } catch (error) {
      progress.fail(readServerMessage(error, MESSAGES.somethingWentWrong));
      return false;
    }
  }

  const itemProps = {
    editingId,
    highlighted,
    onEdit: setEditingId,
    onReply: (id: string) => {
      setReplyingTo((current) => (current === id ? null : id));
      setEditingId(null);
    },
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="community-chat-title">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3" id="community-chat-title">
          {COMMENT_MESSAGES.communityChat}
        </Title>
        {total > 0 && (
          <Text className={classes.muted} size="sm">
            ({total})
          </Text>
        )}
      </Group>
      <CommentComposer
        label="Write a comment"
        placeholder="Write a comment…"
        submitLabel="Post"
        isBusy={post.isPending}
        onSubmit={(content, images) => send(content, images, null)}
      />
      {comments.isPending && <Loader size="sm" role="status" aria-label="Loading comments" />}
      {comments.isError && (
        <Text c="red" role="alert">
          {readServerMessage(comments.error, MESSAGES.somethingWentWrong)}
        </Text>
      )}
      {comments.isSuccess && threads.length === 0 && (
        <Text className={classes.muted}>{COMMENT_MESSAGES.noComments}</Text>
      )}
      <Stack gap="sm">
        {threads.map((thread) => (
          <Thread
            key={thread.id}
            thread={thread}
            isExpanded={expanded.has(thread.id)}
            onToggle={() =>
              setExpanded((current) => {
                const next = new Set(current);
                if (next.has(thread.id)) next.delete(thread.id);
                else next.add(thread.id);
                return next;
              })
            }
            replyBox={
              replyingTo !== null &&
              (replyingTo === thread.id || thread.replies.some((reply) => reply.id === replyingTo)) ? (
                <CommentComposer
                  label="Write a reply"
                  placeholder="Write a reply…"
                  submitLabel="Reply"
                  isBusy={post.isPending}
                  autoFocus
                  onSubmit={(content, images) => send(content, images, replyingTo)}
                  onCancel={() => setReplyingTo(null)}
                />
              ) : null
            }
            {...itemProps}
          />
        ))}
      </Stack>
      {comments.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more comments
        </Button>
      )}
    </Stack>
  );
}

interface ItemProps {
  editingId: string | null;
  highlighted: string | null;
  onEdit: (id: string | null) => void;
  onReply: (id: string) => void;
}

function Thread({
  thread,
  isExpanded,
  onToggle,
  replyBox,
  ...itemProps
}: ItemProps & {
  thread: TCommentThread;
  isExpanded: boolean;
  onToggle: () => void;
  replyBox: React.ReactNode;
}) {
  const { replies } = thread;
  const shown = isExpanded ? replies : replies.slice(0, 1);
  const hidden = replies.length - shown.length;
  return (
    <Paper withBorder p="sm" radius="md">
      <CommentItem comment={thread} {...itemProps} />
      {(replies.length > 0 || replyBox) && (
        <Stack gap="xs" pl={{ base: 'md', sm: 44 }} mt="xs">
          {shown.map((reply) => (
            <CommentItem key={reply.id} comment={reply} {...itemProps} />
          ))}
          {hidden > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={onToggle} style={{ alignSelf: 'flex-start' }}>
              {showMoreReplies(hidden)}
            </Button>
          )}
          {isExpanded && replies.length > 1 && (
            <Button variant="subtle" size="compact-sm" onClick={onToggle} style={{ alignSelf: 'flex-start' }}>
              {COMMENT_MESSAGES.hideReplies}
            </Button>
          )}
          {replyBox}
        </Stack>
      )}
    </Paper>
  );
}

function CommentItem({
  comment,
  editingId,
  highlighted,
  onEdit,
  onReply,
}: ItemProps & { comment: TComment }) {
  const isEditing = editingId === comment.id;
  const remove = useDeleteComment();
  const name = `${comment.author.firstName} ${comment.author.lastName}`.trim();

  async function onDelete() {
    const isSure = await confirm({
      title: 'Delete comment',
      message: COMMENT_MESSAGES.confirmDelete,
      confirmLabel: COMMENT_MESSAGES.yes,
      cancelLabel: COMMENT_MESSAGES.no,
      danger: true,
    });
    if (!isSure) return;
    const progress = progressToast(COMMENT_MESSAGES.deleting);
    try {
      await remove.mutateAsync(comment.id);
      progress.succeed(COMMENT_MESSAGES.deleted);
    } catch (error) {
      progress.fail(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <Box
      id={`comment-${comment.id}`}
      className={classes.comment}
      data-highlighted={highlighted === comment.id || undefined}
      data-testid="comment"
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={comment.author.imageUrl} alt="" radius="xl" size={32} color="pink">
          {comment.author.firstName.slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Text size="xs" className={classes.muted}>
              {dateFormat.format(new Date(comment.createdAt))}
              {comment.editedAt ? ' · edited' : ''}
            </Text>
            {comment.pending && (
              <Badge size="sm" color="yellow" variant="light">
                {COMMENT_MESSAGES.pendingMark}
              </Badge>
            )}
          </Group>
          {isEditing ? (
            <EditBox comment={comment} onDone={() => onEdit(null)} />
          ) : (
            <CommentText content={comment.content} />
          )}
          {comment.images.length > 0 && (
            <Group gap="xs">
              {comment.images.map((image) => (
                <a key={image.id} href={image.url} target="_blank" rel="noopener noreferrer">
                  <Image
                    src={image.url}
                    alt={image.pending ? 'Image pending approval' : 'Comment image'}
                    w={96}
                    h={96}
                    fit="cover"
                    radius="sm"
                    style={image.pending ? { opacity: 0.6 } : undefined}
                  />
                </a>
              ))}
            </Group>
          )}
          {!isEditing && (
            <Group gap={4}>
              <Button variant="subtle" size="compact-sm" onClick={() => onReply(comment.id)}>
                Reply
              </Button>
              {comment.canModify && (
                <>
                  <Button variant="subtle" size="compact-sm" onClick={() => onEdit(comment.id)}>
                    Edit
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => void onDelete()}
                    loading={remove.isPending}
                  >
                    Delete
                  </Button>
                </>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Box>
  );
}

/** Edits in place: empty or unchanged cancels and sends nothing (spec 2 §5). */
function EditBox({ comment, onDone }: { comment: TComment; onDone: () => void }) {
  const [content, setContent] = useState(comment.content);
  const edit = useEditComment();

  async function save() {
    const next = content.trim();
    if (next.length === 0 || next === comment.content) {
      onDone();
      return;
    }
    if (next.length > COMMENT_MAX_LENGTH || edit.isPending) return;
    const progress = progressToast(COMMENT_MESSAGES.editing);
    try {
      const result = await edit.mutateAsync({ commentId: comment.id, content: next });
      if (result.requiresValidation) progress.succeed(COMMENT_MESSAGES.editPending);
      else progress.succeed(COMMENT_MESSAGES.updated);
      onDone();
    } catch (error) {
      progress.fail(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
    if (event.key === 'Escape') onDone();
  }

  return (
    <Stack gap={4}>
      <Textarea
        aria-label="Edit comment"
        placeholder={COMMENT_MESSAGES.editEmpty}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={10}
        autoFocus
      />
      <Group justify="space-between">
        <LengthCounter length={content.length} />
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={onDone}>
            Cancel
          </Button>
          <Button size="xs" color="pink" onClick={() => void save()} loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
