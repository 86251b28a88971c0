import { API_PREFIX } from '@dance/domain';
import { HttpResponse, http } from 'msw';

const url = (path: string) => `${window.location.origin}${API_PREFIX}${path}`;
const emptyPage = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return HttpResponse.json({
    items: [],
    total: 0,
    page: Number(params.get('page') ?? 1),
    pageSize: Number(params.get('pageSize') ?? 15),
  });
};

/**
 * An empty catalogue: home, the library, search and saved lists answer with nothing unless a test says
 * otherwise (the shell's home page asks for them on every visit to /).
 */
export const catalogueDefaults = [
  http.get(url('/home'), () => HttpResponse.json({ banner: null, groups: [] })),
  http.get(url('/categories'), () => HttpResponse.json({ items: [] })),
  http.get(url('/tags'), () => HttpResponse.json({ items: [] })),
  http.get(url('/instructors'), () => HttpResponse.json({ items: [] })),
  http.get(url('/products'), () => HttpResponse.json({ items: [] })),
  http.get(url('/videos'), ({ request }) => emptyPage(request)),
  http.get(url('/videos/search'), ({ request }) => emptyPage(request)),
  http.get(url('/me/saved-videos'), ({ request }) => emptyPage(request)),
  http.get(url('/me/saved-video-ids'), () => HttpResponse.json({ videoIds: [] })),
];
