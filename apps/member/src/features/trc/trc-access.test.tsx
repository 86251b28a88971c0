import { TRC_MESSAGES, type TSessionUser, type TTrcAccessState, type TTrcApplication } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { preloadActivePopup, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const instructor: TSessionUser = {
  ...users.individual,
  firstName: 'Maya',
  lastName: 'Torres',
  email: 'maya@demo.test',
  signupRole: 'dance-instructor',
};

function standing(overrides: Partial<TTrcAccessState> = {}): TTrcAccessState {
  return {
    access: 'apply',
    grant: null,
    status: null,
    application: null,
    prefill: { name: 'Maya Torres', email: 'maya@demo.test', roles: ['instructor'] },
    ...overrides,
  };
}

const application: TTrcApplication = {
  id: 'a0000000-0000-4000-8000-000000000001',
  userId: instructor.id,
  name: 'Maya Torres',
  email: 'maya@demo.test',
  link: 'https://www.instagram.com/maya.dance/',
  roles: ['instructor'],
  gain: 'Fresh warm-ups for my Saturday classes',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};
const pending = standing({ access: 'pending', status: 'pending', application });

const emptyHome = http.get(apiUrl('/trc/home'), () => HttpResponse.json({ rows: [] }));

function renderTrc(path: string, state: TTrcAccessState | null, user: TSessionUser | null = instructor) {
  server.use(
    sessionHandler(user),
    http.get(apiUrl('/trc/access'), () => (state ? HttpResponse.json(state) : problem(500, 'INTERNAL', 'x'))),
    emptyHome,
  );
  return renderApp(path);
}

beforeAll(async () => {
  await Promise.all([import('./access-pages'), import('./trc-guarded-layout'), preloadActivePopup()]);
}, 30_000);

describe('TRC access guard (spec 2 §4)', () => {
  it('says "Loading..." while it checks, then sends a member without access to the request form', async () => {
    let answer: (value: unknown) => void = () => {};
    const gate = new Promise((resolve) => {
      answer = resolve;
    });
    server.use(
      sessionHandler(instructor),
      http.get(apiUrl('/trc/access'), async () => {
        await gate;
        return HttpResponse.json(standing());
      }),
    );
    const { router } = renderApp('/trc/videos');
    expect(await screen.findByText('Loading...', {}, { timeout: 15_000 })).toBeInTheDocument();
    answer(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trc/access'));
    expect(await screen.findByRole('heading', { name: 'Request access' })).toBeInTheDocument();
  });

  it('asks guests to log in', async () => {
    const { router } = renderTrc('/trc', null, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    expect(await screen.findByText(TRC_MESSAGES.loginToContinue)).toBeInTheDocument();
  });

  it('sends a session without an email to sign up', async () => {
    const { router } = renderTrc('/trc/lesson-plans', standing(), { ...instructor, email: '' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'), { timeout: 15_000 });
    expect(await screen.findByText('Please sign up in the website')).toBeInTheDocument();
  });

  it('lets approved members in, and sends them from /trc/access to the TRC home', async () => {
    const { router } = renderTrc(
      '/trc/access',
      standing({ access: 'granted', grant: 'application', status: 'approved' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/trc'), { timeout: 15_000 });
    expect(
      await screen.findByRole('heading', { name: 'Teacher Resource Center', level: 1 }),
    ).toBeInTheDocument();
  });

  it('sends approved members without a plan to the plans', async () => {
    const { router } = renderTrc('/trc', standing({ access: 'plans', status: 'approved' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'), { timeout: 15_000 });
  });

  it('says so when the status cannot be fetched', async () => {
    renderTrc('/trc/resources', null);
    expect(
      (await screen.findAllByText(TRC_MESSAGES.fetchStatusFailed, {}, { timeout: 15_000 })).length,
    ).toBeGreaterThan(0);
  });
});

describe('TRC access request form (spec 2 §5)', () => {
  it('prefills the read-only name and email and the role of the user type', async () => {
    renderTrc('/trc/access', standing());
    const name = await screen.findByLabelText(/Full name/, {}, { timeout: 15_000 });
    expect(name).toHaveValue('Maya Torres');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('maya@demo.test');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Instructor' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Studio Owner' })).not.toBeChecked();
    // "dancer" is offered only when the Dancer/Parent mapping chose it.
    expect(screen.queryByRole('checkbox', { name: 'Dancer' })).not.toBeInTheDocument();
  });

  it('shows "dancer" when the Dancer/Parent mapping chose it, and lets the member clear it', async () => {
    const { user } = renderTrc(
      '/trc/access',
      standing({ prefill: { name: 'Maya Torres', email: 'maya@demo.test', roles: ['dancer'] } }),
    );
    const dancer = await screen.findByRole('checkbox', { name: 'Dancer' }, { timeout: 15_000 });
    expect(dancer).toBeChecked();
    await user.click(dancer);
    expect(dancer).not.toBeChecked();
  });

  it('shows every rule message and sends nothing while the form is invalid', async () => {
    let sent = 0;
    server.use(
      http.post(apiUrl('/trc/access'), () => {
        sent += 1;
        return HttpResponse.json(pending, { status: 201 });
      }),
    );
    const { user } = renderTrc('/trc/access', standing());
    await user.click(await screen.findByRole('checkbox', { name: 'Instructor' }, { timeout: 15_000 }));
    await user.type(screen.getByLabelText(/Instagram or website/), 'not a link!');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('Enter a valid URL or Instagram handle')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one role')).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('sends the request and shows the pending summary', async () => {
    let body: unknown = null;
    server.use(
      http.post(apiUrl('/trc/access'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(pending, { status: 201 });
      }),
    );
    const { user } = renderTrc('/trc/access', standing());
    await user.type(
      await screen.findByLabelText(/Instagram or website/, {}, { timeout: 15_000 }),
      '@maya.dance',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Studio Owner' }));
    await user.type(screen.getByLabelText(/What do you hope to gain/), 'Fresh warm-ups');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    const summary = await screen.findByTestId('trc-pending-summary');
    expect(body).toEqual({
      link: '@maya.dance',
      roles: ['instructor', 'studio-owner'],
      gain: 'Fresh warm-ups',
    });
    expect(within(summary).getByText('https://www.instagram.com/maya.dance/')).toBeInTheDocument();
  });

  it('says "Error requesting access. Please try again." when the request fails', async () => {
    server.use(http.post(apiUrl('/trc/access'), () => problem(500, 'INTERNAL', 'Something went wrong')));
    const { user } = renderTrc('/trc/access', standing());
    await user.type(
      await screen.findByLabelText(/Instagram or website/, {}, { timeout: 15_000 }),
      'mayadance.com',
    );
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect((await screen.findAllByText(TRC_MESSAGES.requestAccessFailed)).length).toBeGreaterThan(0);
  });
});

describe('pending request: edit and resubmit (spec 2 §4)', () => {
  it('shows the summary, then edits the request in place', async () => {
    let body: unknown = null;
    server.use(
      http.put(apiUrl('/trc/access'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...pending,
          application: { ...application, link: 'https://mayadance.com', roles: ['studio-owner'] },
        });
      }),
    );
    const { user, router } = renderTrc('/trc/access', pending);
    await user.click(await screen.findByRole('button', { name: 'Edit and resubmit' }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trc/resubmit'));
    const link = await screen.findByLabelText(/Instagram or website/);
    expect(link).toHaveValue(application.link);
    expect(screen.getByLabelText(/What do you hope to gain/)).toHaveValue(application.gain);
    await user.clear(link);
    await user.type(link, 'mayadance.com');
    await user.click(screen.getByRole('checkbox', { name: 'Instructor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Studio Owner' }));
    await user.click(screen.getByRole('button', { name: 'Resubmit request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trc/access'));
    expect(body).toEqual({ link: 'mayadance.com', roles: ['studio-owner'], gain: application.gain });
    expect(await screen.findByText('https://mayadance.com')).toBeInTheDocument();
  });

  it('says "Request failed. Please try again." when the resubmit fails', async () => {
    server.use(http.put(apiUrl('/trc/access'), () => problem(500, 'INTERNAL', 'Something went wrong')));
    const { user } = renderTrc('/trc/resubmit', pending);
    await user.click(await screen.findByRole('button', { name: 'Resubmit request' }, { timeout: 15_000 }));
    expect((await screen.findAllByText(TRC_MESSAGES.requestFailed)).length).toBeGreaterThan(0);
  });
});
