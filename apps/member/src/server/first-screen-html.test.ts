import { describe, expect, it } from 'vitest';
import { APP_START_ID, firstScreenHtml, scriptSafeJson } from './first-screen-html';

// The shape of the built index.html (vite build): the patterns firstScreenHtml relies on.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Dance Training</title>
    <script async src="/early.js"></script>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/hooks-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
    <script type="application/json" id="early-routes">{"library":{"js":["/assets/library-page-E5.js"],"css":["/assets/library-F6.css"]},"player":{"js":["/assets/player-page-G7.js"],"css":["/assets/player-H8.css"]}}</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = { html: '<main><h1>Home</h1></main>', state: { queries: [] }, isMobile: true, location: '/' };
const dataBlock = (html: string, id: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? 'null',
  );

describe('the page a server-rendered first screen goes out in (decision 0071)', () => {
  it('carries the markup in #root and the state it was rendered from as data', () => {
    const html = firstScreenHtml(TEMPLATE, '/', page);
    expect(html).toContain('<div id="root"><main><h1>Home</h1></main></div>');
    expect(dataBlock(html, 'first-screen-state')).toEqual({
      state: { queries: [] },
      isMobile: true,
      location: '/',
    });
  });

  it("moves the app's code to the app-start block, which early.js reads before the page has loaded", () => {
    const html = firstScreenHtml(TEMPLATE, '/', page);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(dataBlock(html, APP_START_ID)).toEqual({
      entry: '/assets/index-A1.js',
      preload: ['/assets/react-B2.js', '/assets/hooks-C3.js'],
    });
    expect(html.indexOf(`id="${APP_START_ID}"`)).toBeLessThan(html.indexOf('src="/early.js"'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
  });

  it("adds a library page's own chunks to the start and links its stylesheet, its markup being in the page", () => {
    const html = firstScreenHtml(TEMPLATE, '/AllVideos', page);
    expect(dataBlock(html, APP_START_ID).preload).toContain('/assets/library-page-E5.js');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/library-F6.css">');
  });

  it("does the same for a player page's chunks (decision 0072)", () => {
    const html = firstScreenHtml(TEMPLATE, '/PlayerPage', { ...page, location: '/PlayerPage?v=a1' });
    expect(dataBlock(html, APP_START_ID).preload).toContain('/assets/player-page-G7.js');
    expect(dataBlock(html, APP_START_ID).preload).not.toContain('/assets/library-page-E5.js');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/player-H8.css">');
    expect(dataBlock(html, 'first-screen-state').location).toBe('/PlayerPage?v=a1');
  });

  it('keeps data from closing its script element', () => {
    const hostile = { ...page, state: { title: '</script><script>alert(1)</script><!--' } };
    const html = firstScreenHtml(TEMPLATE, '/', hostile);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(dataBlock(html, 'first-screen-state').state.title).toBe(hostile.state.title);
    expect(scriptSafeJson('<')).toBe('"\\u003c"');
  });

  it('refuses a template it does not know', () => {
    expect(() => firstScreenHtml('<html><body></body></html>', '/', page)).toThrow(/#root/);
    const noEntry = TEMPLATE.replace(/<script type="module"[^>]*><\/script>/, '');
    expect(() => firstScreenHtml(noEntry, '/', page)).toThrow(/entry/);
  });
});
