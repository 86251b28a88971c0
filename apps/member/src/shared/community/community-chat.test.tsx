import { COMMENT_MESSAGES, type TComment, type TCommentList, type TCommentThread } from '@dance/domain';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppApiClient, createAppQueryClient } from '../../app/api';
import { AppProviders } from '../../app/app-providers';
import { apiUrl, sessionHandler, users } from '../../test/fixtures';
import { server } from '../../test/server';
import { CommunityChat } from './community-chat';

const VIDEO = 'd0000000-0000-4000-8000-000000000001';
const me = users.individual;

function comment(n: number, overrides: Partial<TComment> = {}): TComment {
  return {
    id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    subjectType: 'video',
    subjectId: VIDEO,
    replyTo: null,
    content: `Comment ${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    pending: false,
    author: { id: 'someone', firstName: 'Sam', lastName: 'Studio', imageUrl: null },
    images: [],
    canModify: false,
    ...overrides,
  };
}

function renderChat(threads: TCommentThread[]) {
  const posted: unknown[] = [];
  const edited: unknown[] = [];
  const list: TCommentList = {
    comments: threads,
    total: threads.length,
    nextCursor: null,
    commentValidation: false,
  };
  server.use(
    sessionHandler(me),
    http.get(apiUrl('/comments'), () => HttpResponse.json(list)),
    http.post(apiUrl('/comments'), async ({ request }) => {
      const body = (await request.json()) as { content: string };
      posted.push(body);
      return HttpResponse.json(
        { comment: comment(99, { content: body.content, canModify: true }), requiresValidation: false },
        { status: 201 },
      );
    }),
    http.patch(apiUrl('/comments/:id'), async ({ request }) => {
      edited.push(await request.json());
      return HttpResponse.json({ comment: comment(1), requiresValidation: false });
    }),
  );
  const client = createAppApiClient(`${window.location.origin}/api/v1`);
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders client={client} queryClient={queryClient} env="test">
      <CommunityChat subjectType="video" subjectId={VIDEO} />
    </AppProviders>,
  );
  return { posted, edited, user: userEvent.setup() };
}

// Mantine's autosize textarea listens to font loading, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
});
afterEach(() => notifications.clean());

describe('CommunityChat', () => {
  it('says so when empty; posts with Enter, breaks the line with Shift+Enter, and not while empty', async () => {
    const { posted, user } = renderChat([]);
    expect(await screen.findByText(COMMENT_MESSAGES.noComments)).toBeInTheDocument();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    const box = screen.getByRole('textbox', { name: 'Write a comment' });
    await user.type(box, '   {Enter}');
    expect(posted).toEqual([]);
    await user.clear(box);
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(posted).toEqual([]);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      subjectType: 'video',
      subjectId: VIDEO,
      content: 'First line\nsecond line',
    });
    expect(await screen.findByText(COMMENT_MESSAGES.posted)).toBeInTheDocument();
  });

  it('collapses replies to the first, with Show N more Replies and Hide Replies', async () => {
    const replies = [2, 3, 4].map((n) => comment(n, { replyTo: comment(1).id, content: `Reply ${n}` }));
    const { user } = renderChat([{ ...comment(1), replies }]);
    expect(await screen.findByText('Reply 2')).toBeInTheDocument();
    expect(screen.queryByText('Reply 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 2 more Replies' }));
    expect(screen.getByText('Reply 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: COMMENT_MESSAGES.hideReplies }));
    expect(screen.queryByText('Reply 4')).not.toBeInTheDocument();
  });

  it('sends nothing when an edit is unchanged, and renders links but never markup', async () => {
    const { edited, user } = renderChat([
      { ...comment(1, { canModify: true, content: 'See https://example.com/a. <b>bold</b>' }), replies: [] },
    ]);
    const link = await screen.findByRole('link', { name: 'https://example.com/a' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveAttribute('placeholder', COMMENT_MESSAGES.editEmpty);
    await user.type(box, '{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(edited).toEqual([]);
  });
});
