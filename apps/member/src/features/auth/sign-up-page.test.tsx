import { MESSAGES } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, sessionOf, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

async function fillValidSignUp(user: UserEvent, email = 'new.dancer@example.com') {
  await user.type(await screen.findByLabelText('First name'), 'Nina');
  await user.type(screen.getByLabelText('Last name'), 'Novak');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.type(screen.getByLabelText('Re-enter password'), 'Secret123');
  await user.click(screen.getByLabelText('Dance Instructor'));
  await user.click(screen.getByRole('checkbox'));
}

describe('individual sign-up', () => {
  it('shows every required-field message of the spec on an empty submit', async () => {
    server.use(sessionHandler(null));
    const { user } = renderApp('/SignUp');
    await user.click(await screen.findByRole('button', { name: 'SIGN UP' }));
    for (const message of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.passwordRequired,
      MESSAGES.reEnterPasswordRequired,
      MESSAGES.roleRequired,
      MESSAGES.termsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('says the passwords do not match, and clears a message once the field is edited', async () => {
    server.use(sessionHandler(null));
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Re-enter password'), 'Secret124');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'N');
    expect(screen.queryByText(MESSAGES.firstNameRequired)).not.toBeInTheDocument();
  });

  it('sends the form and goes to /plans', async () => {
    let sentBody: unknown = null;
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        sentBody = await request.json();
        return HttpResponse.json(sessionOf({ ...users.newbie, firstName: 'Nina' }), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/SignUp');
    await fillValidSignUp(user);
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(sentBody).toEqual({
      firstName: 'Nina',
      lastName: 'Novak',
      email: 'new.dancer@example.com',
      password: 'Secret123',
      reEnteredPassword: 'Secret123',
      role: 'dance-instructor',
      acceptTerms: true,
    });
  });

  it('maps the server field errors back to the fields and shows its message under the button', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          lastName: 'At most 100 characters',
        }),
      ),
    );
    const { user } = renderApp('/SignUp');
    await fillValidSignUp(user);
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(await screen.findByText('At most 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
  });

  it('shows the sub-user message of the spec under the button', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), () => problem(409, 'ACCOUNT_EXISTS_SUBUSER', MESSAGES.subuserExists)),
    );
    const { user, router } = renderApp('/SignUp');
    await fillValidSignUp(user);
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.subuserExists);
    expect(router.state.location.pathname).toBe('/SignUp');
  });

  it('answers a used email neutrally, with links to log in and to reset the password', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), () =>
        problem(409, 'ACCOUNT_MAY_EXIST', MESSAGES.accountMayExist, { email: MESSAGES.accountMayExist }),
      ),
    );
    const { user, router } = renderApp('/SignUp');
    await fillValidSignUp(user, 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.accountMayExist);
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/SignUp');
  });

  it('asks before converting a studio owner, and retries with convertExisting on Yes', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.convertExisting) {
          return problem(409, 'ACCOUNT_EXISTS_STUDIO_OWNER', 'This email belongs to a studio owner account.');
        }
        return HttpResponse.json(sessionOf(users.newbie), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/SignUp');
    await fillValidSignUp(user, 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.convertStudioOwnerTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.convertStudioOwnerBody)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.convertExisting).toBeUndefined();
    expect(bodies[1]?.convertExisting).toBe(true);
  });

  it('stays on the form when the conversion is declined', async () => {
    let calls = 0;
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/signup'), () => {
        calls += 1;
        return problem(409, 'ACCOUNT_EXISTS_STUDIO_OWNER', 'This email belongs to a studio owner account.');
      }),
    );
    const { user, router } = renderApp('/SignUp');
    await fillValidSignUp(user, 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'SIGN UP' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(1);
    expect(router.state.location.pathname).toBe('/SignUp');
  });
});
