import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { isPhoneUserAgent, renderFirstScreen, renderRequest } from './entry-server';
import { apiUrl, problem, sessionHandler, sessionOf, users, videoCard } from './test/fixtures';
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

const VIDEO_ID = 'c0000000-0000-4000-8000-000000000001';

/** A member's player page: every call records the cookie it came with. */
function memberPlayer(cookies: (string | null)[]) {
  const seen = (request: Request) => cookies.push(request.headers.get('cookie'));
  server.use(
    http.get(apiUrl('/auth/session'), ({ request }) => {
      seen(request);
      // A sliding session renewed by this call re-sends its cookie.
      return HttpResponse.json(sessionOf(users.individual), {
        headers: { 'set-cookie': 'sid=member-session; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000' },
      });
    }),
    http.get(apiUrl(`/videos/${VIDEO_ID}/playback`), ({ request }) => {
      seen(request);
      return HttpResponse.json({
        videoId: VIDEO_ID,
        access: 'full',
        source: {
          provider: 'local',
          hlsUrl: '/media/v/master.m3u8?sig=1',
          posterUrl: '/files/posters/p.jpg#webp=640,1280',
          storyboardUrl: null,
          subtitles: [],
          durationSeconds: 60,
          maxResolution: 1080,
          countGrid: null,
          start: null,
        },
        trailer: null,
        chapters: [],
        resumeAtSeconds: null,
        expiresAt: '2026-11-27T18:00:00.000Z',
      });
    }),
    http.get(apiUrl(`/videos/${VIDEO_ID}`), ({ request }) => {
      seen(request);
      return HttpResponse.json({
        id: VIDEO_ID,
        kind: 'library',
        title: 'Pirouette drill 1',
        description: '',
        shortDescription: '',
        instructor: null,
        tags: [],
        levels: [],
        products: [],
        chapters: [],
        durationSeconds: 60,
        thumbnailUrl: null,
        releaseDate: '2026-11-01T00:00:00.000Z',
        isComingSoon: false,
        hasTrailer: false,
        isSaved: false,
        reaction: null,
        likeCount: 0,
        dislikeCount: 0,
      });
    }),
    http.get(apiUrl('/me/player-preferences'), ({ request }) => {
      seen(request);
      return HttpResponse.json({ isMirrored: false, playbackRate: 1 });
    }),
  );
}

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
    // Each row hydrates apart (decision 0075).
    expect(page.html).toMatch(/<!--\$--><section[^>]*aria-labelledby=/);

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
    // Each section, and each grid of cards, is a hydration boundary of its own (decision 0075): a tap before
    // hydration has finished hydrates the tapped section's header and controls, not the page's cards.
    expect(page.html).toMatch(/<!--\$--><section[^>]*aria-labelledby=/);
    expect(page.html).toMatch(/<!--\$--><ul[^>]*aria-label="[^"]+ videos"/);
    // Inline, not sent apart for an inline script to move into place (the production CSP runs none).
    expect(page.html).not.toContain('<script');
  });

  it("gives the first screen's thumbnails priority on /AllVideos, and the sections below none", async () => {
    const categories = ['Lessons', 'Exercises', 'Acrossthefloor'].map((name, n) => ({
      id: `d0000000-0000-4000-8000-00000000000${n + 1}`,
      name,
      routePath: `/${name}`,
    }));
    const manyCards = [1, 2, 3, 4, 5].map((n) =>
      videoCard(n, {
        id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        thumbnailUrl: `/files/thumbnail/2026-11/v${n}.jpg#webp=320,640`,
      }),
    );
    server.use(
      sessionHandler(null),
      http.get(apiUrl('/categories'), () => HttpResponse.json({ items: categories })),
      http.get(apiUrl('/videos'), () =>
        HttpResponse.json({ items: manyCards, total: 5, page: 1, pageSize: 15 }),
      ),
    );
    const page = await renderFirstScreen({ url: '/AllVideos', apiBase });
    if (!page) throw new Error('/AllVideos was not rendered');
    const thumbnails = page.html.match(/<img [^>]*class="[^"]*image[^>]*>/g) ?? [];
    expect(thumbnails).toHaveLength(15);
    // The first section's first row; the two sections below, a screen or more down on a phone, load lazily.
    expect(thumbnails.filter((img) => img.includes('loading="eager"'))).toEqual(thumbnails.slice(0, 4));
    expect(thumbnails.filter((img) => /fetchPriority="high"/i.test(img))).toHaveLength(4);
  });

  it('renders nothing for a page it does not render, and fails when the API does', async () => {
    guestHome();
    expect(await renderFirstScreen({ url: '/plans', apiBase })).toBeNull();
    server.use(http.get(apiUrl('/home'), () => problem(500, 'INTERNAL', 'Something went wrong')));
    await expect(renderFirstScreen({ url: '/', apiBase })).rejects.toThrow(
      /did not answer \["catalogue","home"\]/,
    );
  });

  it("never renders a signed-in visit to home: a member's home stays with the client", async () => {
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
    const page = await renderRequest(request('theme=dark'), { template: TEMPLATE, apiBase });
    expect(page?.html).toContain('"isMobile":true');
    expect(page?.html).toContain('first-screen-state');
    expect(page?.headers['cache-control']).toBe('no-cache');
  });

  it("renders a guest's player page: the invitation to log in", async () => {
    server.use(sessionHandler(null));
    const page = await renderFirstScreen({ url: `/PlayerPage?v=${VIDEO_ID}`, apiBase });
    expect(page?.html).toContain('Please log in to view the content.');
    expect(page?.location).toBe(`/PlayerPage?v=${VIDEO_ID}`);
  });

  it("renders a member's player page with their session alone, kept out of every cache (decision 0072)", async () => {
    const cookies: (string | null)[] = [];
    memberPlayer(cookies);
    const page = await renderRequest(
      {
        url: `/PlayerPage?v=${VIDEO_ID}&type=PV`,
        headers: { cookie: 'theme=dark; sid=member-session; _ga=x' },
      },
      { template: TEMPLATE, apiBase },
    );
    if (!page) throw new Error('the player page was not rendered');
    // The poster is in the markup (the page's largest paint before the app runs), its variants as a srcset.
    expect(page.html).toMatch(/<img[^>]+srcSet="\/files\/posters\/p\.w640\.webp 640w/i);
    expect(page.html).toContain('csrf-test-token');
    expect(page.headers).toMatchObject({
      'cache-control': 'private, no-store',
      vary: 'Cookie',
      // The renewed session's cookie reaches the browser, whose expiry moves with the server's.
      'set-cookie': ['sid=member-session; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000'],
    });
    // Session, playback, details and preferences, each with the session cookie and nothing else.
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    expect(new Set(cookies)).toEqual(new Set(['sid=member-session']));
  });

  it("leaves a member's other pages, and an answer about the member, to the client", async () => {
    memberPlayer([]);
    guestHome();
    server.use(sessionHandler(users.individual));
    const request = (url: string) => ({ url, headers: { cookie: 'sid=member-session' } });
    expect(await renderRequest(request('/'), { template: TEMPLATE, apiBase })).toBeNull();
    server.use(
      http.get(apiUrl(`/videos/${VIDEO_ID}/playback`), () =>
        problem(403, 'SUBSCRIPTION_REQUIRED', 'Please subscribe to watch this video'),
      ),
    );
    expect(
      await renderRequest(request(`/PlayerPage?v=${VIDEO_ID}`), { template: TEMPLATE, apiBase }),
    ).toBeNull();
  });

  it('guesses a phone from the User-Agent', () => {
    expect(isPhoneUserAgent('Mozilla/5.0 (Linux; Android 11; moto g power) Mobile Safari/537.36')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36')).toBe(false);
    expect(isPhoneUserAgent(undefined)).toBe(false);
  });
});
