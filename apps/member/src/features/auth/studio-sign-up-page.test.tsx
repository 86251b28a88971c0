import { MESSAGES } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, sessionOf, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

async function fillStudioForm(user: UserEvent, email: string) {
  await user.type(await screen.findByLabelText('First name'), 'Sam');
  await user.type(screen.getByLabelText('Last name'), 'Studio');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.type(screen.getByLabelText('Re-enter password'), 'Secret123');
  await user.click(screen.getByRole('checkbox'));
}

describe('studio sign-up', () => {
  it('has no role choice, still checks every field, and links individuals to /Plans', async () => {
    server.use(sessionHandler(null));
    const { user } = renderApp('/StudioSignUp');
    await user.click(await screen.findByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.termsRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.roleRequired)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Dancer/Parent')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Looking for an Individual Account?' })).toHaveAttribute(
      'href',
      '/Plans',
    );
  });

  it('warns before converting an individual account, retries on Yes, then shows the success banner', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/studio-signup'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.convertExisting)
          return problem(409, 'ACCOUNT_EXISTS_INDIVIDUAL', 'This email has an individual account.');
        return HttpResponse.json(sessionOf({ ...users.studioOwner, subscriptionId: null }), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/StudioSignUp');
    await fillStudioForm(user, 'dancer@example.com');
    await user.click(screen.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.convertIndividualTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.convertIndividualBody)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studioPlans'));
    expect(await screen.findByText(MESSAGES.studioSignUpSuccess)).toBeInTheDocument();
    expect(bodies.map((body) => body.convertExisting)).toEqual([undefined, true]);
    expect(bodies[1]).not.toHaveProperty('role');
  });

  it('tells the owner in the dialog that converting cancels the current subscription', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/studio-signup'), () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'ACCOUNT_EXISTS_INDIVIDUAL',
            message: MESSAGES.convertIndividualBody,
            details: {
              dialog: 'convert-individual',
              title: MESSAGES.convertIndividualTitle,
              cancelsSubscription: true,
              subscriptionNotice: MESSAGES.convertCancelsSubscription,
            },
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = renderApp('/StudioSignUp');
    await fillStudioForm(user, 'dancer@example.com');
    await user.click(screen.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(`${MESSAGES.convertIndividualBody} ${MESSAGES.convertCancelsSubscription}`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
  });

  it('answers a used email neutrally, without any dialog', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/studio-signup'), () =>
        problem(409, 'ACCOUNT_MAY_EXIST', MESSAGES.accountMayExist),
      ),
    );
    const { user } = renderApp('/StudioSignUp');
    await fillStudioForm(user, 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.accountMayExist);
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not convert when the member says No', async () => {
    let calls = 0;
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/studio-signup'), () => {
        calls += 1;
        return problem(409, 'ACCOUNT_EXISTS_INDIVIDUAL', 'This email has an individual account.');
      }),
    );
    const { user, router } = renderApp('/StudioSignUp');
    await fillStudioForm(user, 'dancer@example.com');
    await user.click(screen.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(1);
    expect(router.state.location.pathname).toBe('/StudioSignUp');
  });

  it('tells an admin their account cannot be converted, in an alert', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/studio-signup'), () =>
        problem(409, 'ADMIN_NOT_CONVERTIBLE', MESSAGES.adminNotConvertible),
      ),
    );
    const { user, router } = renderApp('/StudioSignUp');
    await fillStudioForm(user, 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.adminNotConvertible)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/StudioSignUp');
  });
});
