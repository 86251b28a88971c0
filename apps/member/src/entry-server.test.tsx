import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { isPhoneUserAgent, renderFirstScreen, renderRequest } from './entry-server';
import { apiUrl, problem, sessionHandler, videoCard } from './test/fixtures';
import { server } from './test/server';

const apiBase = window.location.origin;
const cards = [1, 2, 3].map((n) =>
  videoCard(n, {
    id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Pirouette drill ${n}`,
  }),
);
const TEMPLATE = `<!doctype html><html><head><script async src="/early.js"></script>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B.js">
</head><body><div id="root"></div></body></html>`;

function guestHome() {
  server.use(
    sessionHandler(null),
    http.get(apiUrl('/home'), () =>
      HttpResponse.json({ banner: null, groups: [{ name: 'Recent Releases', videos: cards }] }),
    ),
  );
}

// That the browser hydrates this markup without rendering it again is tested in a browser, against the real
// server (e2e/first-screen.spec.ts): in one JavaScript realm the server renderer leaves context values behind
// that the browser's renderer then reads.
describe('the first screen rendered by the server (decision 0071)', () => {
  it("renders a guest's home from the API's answers, with the state the browser hydrates from", async () => {
    guestHome();
    const page = await renderFirstScreen({ url: '/', apiBase });
    if (!page) throw new Error('home was not rendered');
    expect(page.html).toContain('Pirouette drill 1');
    expect(page.html).toContain('Recent Releases');

    expect(JSON.stringify(page.state)).toContain('Pirouette drill 2');
    expect(page.isMobile).toBe(false);
  });

  it('renders a library page (a lazy route) with its lists', async () => {
    server.use(
      sessionHandler(null),
      http.get(apiUrl('/videos'), () => HttpResponse.json({ items: cards, total: 3, page: 1, pageSize: 15 })),
    );
    const page = await renderFirstScreen({ url: '/Library', apiBase });
    if (!page) throw new Error('the library was not rendered');
    expect(page.html).toContain('Pirouette drill 3');
    // Inline, not sent apart for an inline script to move into place (the production CSP runs none).
    expect(page.html).not.toContain('<script');
  });

  it('renders nothing for a page it does not render, and fails when the API does', async () => {
    guestHome();
    expect(await renderFirstScreen({ url: '/plans', apiBase })).toBeNull();
    expect(await renderFirstScreen({ url: '/PlayerPage?v=1', apiBase })).toBeNull();
    server.use(http.get(apiUrl('/home'), () => problem(500, 'INTERNAL', 'Something went wrong')));
    await expect(renderFirstScreen({ url: '/', apiBase })).rejects.toThrow(
      /did not answer \["catalogue","home"\]/,
    );
  });

  it("never renders a signed-in visit: a member's pages stay with the client", async () => {
    guestHome();
    const request = (cookie: string) => ({
      url: '/',
      headers: {
        cookie,
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
      },
    });
    expect(
      await renderRequest(request('theme=dark; sid=secret-session'), { template: TEMPLATE, apiBase }),
    ).toBeNull();
    const html = await renderRequest(request('theme=dark'), { template: TEMPLATE, apiBase });
    expect(html).toContain('"isMobile":true');
    expect(html).toContain('first-screen-state');
  });

  it('guesses a phone from the User-Agent', () => {
    expect(isPhoneUserAgent('Mozilla/5.0 (Linux; Android 11; moto g power) Mobile Safari/537.36')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe(false);
    expect(isPhoneUserAgent(undefined)).toBe(false);
  });
});
