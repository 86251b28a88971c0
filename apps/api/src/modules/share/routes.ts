import type { FastifyInstance } from 'fastify';
import { PAGE_TITLES, type ShareCard, SITE_NAME, shareHtml } from './card';
import { findSharedPlaylist, findSharedVideo } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const defaultCard = (title = SITE_NAME): ShareCard => ({
  title,
  description: '',
  image: null,
  type: 'website',
});

/**
 * Link cards (issue 18): a link-preview crawler (Facebook, Slack, X, WhatsApp…) runs no JavaScript, so the member
 * host hands its requests for a page to GET /share/{page} (Caddy, by user agent), which answers the page's title,
 * description and Open Graph image as HTML. Only public pages get a card of their own; anything else gets the
 * site's card, never a member's data.
 */
export async function shareRoutes(app: FastifyInstance) {
  const base = app.config.memberAppUrl;

  app.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    '/share/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const segments = request.params['*'].split('/').filter(Boolean);
      const page = (segments[0] ?? '').toLowerCase();
      let card = defaultCard(PAGE_TITLES[page]);
      let path = `/${segments.join('/')}`;
      const videoId = page === 'playerpage' ? (request.query.v ?? segments[1]) : undefined;
      if (videoId && UUID.test(videoId)) {
        const video = await findSharedVideo(app.db, videoId);
        if (video) {
          card = { ...video, type: 'video.other' };
          path = `/PlayerPage?v=${videoId}`;
        }
      } else if (page === 'featured-playlist-view' && segments[1] && UUID.test(segments[1])) {
        const playlist = await findSharedPlaylist(app.db, segments[1]);
        const video =
          segments[2] && UUID.test(segments[2]) ? await findSharedVideo(app.db, segments[2]) : null;
        if (playlist) card = { ...playlist, image: video?.image ?? playlist.image, type: 'website' };
      } else if (!(page in PAGE_TITLES)) path = '/';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(shareHtml(card, base, path));
    },
  );
}
