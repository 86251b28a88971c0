import { MESSAGES } from '@dance/domain';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

async function submitChange(user: UserEvent, newPassword = 'Dance1234!', confirmPassword = newPassword) {
  await user.type(await screen.findByLabelText('Current password'), 'Dance123!');
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
}

/** The account page's other cards read these; answered so every request has a handler. */
const accountHandlers = () => [
  http.get(apiUrl('/account'), () => problem(500, 'INTERNAL', 'not under test')),
  http.get(apiUrl('/account/subscription'), () => problem(500, 'INTERNAL', 'not under test')),
];

beforeEach(() => server.use(...accountHandlers()));

describe('change password', () => {
  it('checks the new password is at least 6 characters and typed twice the same', async () => {
    server.use(sessionHandler(users.individual));
    const { user } = renderApp('/account');
    await submitChange(user, 'abc', 'abd');
    expect(await screen.findByText(MESSAGES.newPasswordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPasswordsDoNotMatch)).toBeInTheDocument();
  });

  it("shows the server's message when the current password is wrong", async () => {
    server.use(
      sessionHandler(users.individual),
      http.put(apiUrl('/account/password'), () =>
        problem(400, 'WRONG_PASSWORD', MESSAGES.currentPasswordWrong),
      ),
    );
    const { user } = renderApp('/account');
    await submitChange(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordWrong);
  });

  it('says "No response from the server." when the network fails', async () => {
    server.use(
      sessionHandler(users.individual),
      http.put(apiUrl('/account/password'), () => HttpResponse.error()),
    );
    const { user } = renderApp('/account');
    await submitChange(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noResponseFromServer);
  });

  it('confirms a change with a toast and empties the form', async () => {
    server.use(
      sessionHandler(users.individual),
      http.put(apiUrl('/account/password'), () => HttpResponse.json({ message: MESSAGES.passwordChanged })),
    );
    const { user } = renderApp('/account');
    await submitChange(user);
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
