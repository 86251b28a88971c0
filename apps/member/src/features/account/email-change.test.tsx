import { emailChangePendingMessage, MESSAGES, type TAccountDetails } from '@dance/domain';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const member = users.individual;
const detailsOf = (pendingEmail: string | null): TAccountDetails => ({
  id: member.id,
  firstName: member.firstName,
  lastName: member.lastName,
  email: member.email,
  imageUrl: null,
  userType: member.userType,
  commentNotifications: true,
  pendingEmail,
});

beforeEach(() =>
  server.use(http.get(apiUrl('/account/subscription'), () => problem(500, 'INTERNAL', 'not under test'))),
);

describe('change of email on the account page (issue 13 finding 9)', () => {
  it('asks for the change, keeps the current email, and shows the pending confirmation', async () => {
    let pending: string | null = null;
    let sent: unknown = null;
    server.use(
      sessionHandler(member),
      http.get(apiUrl('/account'), () => HttpResponse.json(detailsOf(pending))),
      http.put(apiUrl('/account/email'), async ({ request }) => {
        sent = await request.json();
        pending = 'new.me@example.com';
        return HttpResponse.json(
          { account: detailsOf(pending), message: emailChangePendingMessage(pending) },
          { status: 202 },
        );
      }),
    );
    const { user } = renderApp('/account');
    const email = await screen.findByLabelText('Email', {}, { timeout: 5000 });
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'new.me@example.com');
    await user.type(screen.getByLabelText('Password to confirm'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'Change email' }));

    expect(sent).toEqual({ email: 'new.me@example.com', currentPassword: 'Dance123!' });
    expect(await screen.findByText(emailChangePendingMessage('new.me@example.com'))).toBeInTheDocument();
    const notice = await screen.findByTestId('pending-email');
    expect(notice).toHaveTextContent('We sent a confirmation link to new.me@example.com');
    expect(notice).toHaveTextContent(`keep logging in with ${member.email}`);
    // The field goes back to the email in use: nothing changed yet.
    expect(screen.getByLabelText('Email')).toHaveValue(member.email);
    expect(screen.getByLabelText('Password to confirm')).toHaveValue('');
  });

  it('shows a pending change the server reports after a reload', async () => {
    server.use(
      sessionHandler(member),
      http.get(apiUrl('/account'), () => HttpResponse.json(detailsOf('later@example.com'))),
    );
    renderApp('/account');
    expect(await screen.findByTestId('pending-email', {}, { timeout: 5000 })).toHaveTextContent(
      'later@example.com',
    );
  });

  it("shows the server's message under the password when it is wrong", async () => {
    server.use(
      sessionHandler(member),
      http.get(apiUrl('/account'), () => HttpResponse.json(detailsOf(null))),
      http.put(apiUrl('/account/email'), () =>
        problem(400, 'WRONG_PASSWORD', MESSAGES.currentPasswordWrong, {
          currentPassword: MESSAGES.currentPasswordWrong,
        }),
      ),
    );
    const { user } = renderApp('/account');
    const email = await screen.findByLabelText('Email', {}, { timeout: 5000 });
    await user.clear(email);
    await user.type(email, 'new.me@example.com');
    await user.type(screen.getByLabelText('Password to confirm'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect((await screen.findAllByText(MESSAGES.currentPasswordWrong)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();
  });
});

describe('the confirmation link /confirm-email/:userId/:token', () => {
  const path = `/confirm-email/${member.id}/${'t'.repeat(43)}`;

  it('confirms once, shows the new email, and refreshes the signed-in member', async () => {
    let calls = 0;
    let sessionUser = member;
    let sent: unknown = null;
    server.use(
      http.get(apiUrl('/auth/session'), () =>
        HttpResponse.json({ user: sessionUser, csrfToken: 'csrf-test-token' }),
      ),
      http.post(apiUrl('/account/email/confirm'), async ({ request }) => {
        calls += 1;
        sent = { body: await request.json(), csrf: request.headers.get('x-csrf-token') };
        sessionUser = { ...member, email: 'new.me@example.com' };
        return HttpResponse.json({
          message: MESSAGES.emailChangeConfirmed,
          email: 'new.me@example.com',
          sessionKept: true,
        });
      }),
    );
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Email changed' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailChangeConfirmed)).toBeInTheDocument();
    expect(screen.getByTestId('confirmed-email')).toHaveTextContent('new.me@example.com');
    expect(screen.getByTestId('confirm-email-next')).toHaveTextContent('Go to my account');
    expect(screen.getByTestId('confirm-email-next')).toHaveAttribute('href', '/account');
    expect(sent).toEqual({ body: { userId: member.id, token: 't'.repeat(43) }, csrf: 'csrf-test-token' });
    await waitFor(() => expect(calls).toBe(1));
  });

  it('sends a guest to log in after the change', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/account/email/confirm'), () =>
        HttpResponse.json({
          message: MESSAGES.emailChangeConfirmed,
          email: 'new.me@example.com',
          sessionKept: false,
        }),
      ),
    );
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Email changed' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('confirm-email-next')).toHaveTextContent('Log in');
    expect(screen.getByTestId('confirm-email-next')).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a used or expired link', 400, 'TOKEN_INVALID', MESSAGES.emailChangeLinkInvalid],
    ['an address taken meanwhile', 409, 'EMAIL_TAKEN', MESSAGES.emailTaken],
  ])("shows the server's message for %s", async (_, status, code, message) => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/account/email/confirm'), () => problem(status, code, message)),
    );
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Email not changed' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('confirm-email-error')).toHaveTextContent(message);
  });
});
