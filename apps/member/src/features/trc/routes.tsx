import { PageLoader } from '@dance/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';

// The TRC is its own set of chunks; pdf.js loads later still, when a PDF page opens.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const TrcAccessPage = page(() => import('./access-pages'), 'TrcAccessPage');
const TrcResubmitPage = page(() => import('./access-pages'), 'TrcResubmitPage');
const TrcGuardedLayout = page(() => import('./trc-guarded-layout'), 'TrcGuardedLayout');
const TrcHomePage = page(() => import('./trc-home-page'), 'TrcHomePage');
const TrcListPage = page(() => import('./trc-list-page'), 'TrcListPage');
const TrcContentPage = page(() => import('./content-page'), 'TrcContentPage');

function render(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The Teacher Resource Center (spec 2 §2): access and resubmit are open to every member; every other page is
 * behind the access guard, under the TRC header.
 */
export const trcRoutes: RouteObject[] = [
  {
    path: 'trc',
    children: [
      { path: 'access', element: render(TrcAccessPage) },
      { path: 'resubmit', element: render(TrcResubmitPage) },
      {
        element: render(TrcGuardedLayout),
        children: [
          { index: true, element: render(TrcHomePage) },
          ...['lesson-plans', 'videos', 'resources'].flatMap((category) => [
            { path: category, element: render(TrcListPage) },
            { path: `${category}/:id`, element: render(TrcContentPage) },
          ]),
          { path: 'view-all', element: render(TrcListPage) },
          // Search results: /trc/trc-result?search_query=, and the /result-style spelling.
          { path: 'trc-result', element: render(TrcListPage) },
          { path: 'result', element: render(TrcListPage) },
        ],
      },
    ],
  },
];
