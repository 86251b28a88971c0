// Production's render process for the member app's first screen (decisions 0071 and 0072): Caddy sends it a
// guest's navigations to home and the library's addresses, and everyone's to the player; it answers the built
// index.html with the page rendered in (`renderRequest` of the build's own server bundle,
// `dist-ssr/entry-server.js`, which needs no node_modules), or the plain index.html when it renders nothing (a
// member's home, an answer the client shows, an API that did not answer in time). Caddy falls back to the static
// file when this process is down.
//
//   MEMBER_DIST     the member app's build (default ./dist; its server bundle is `${MEMBER_DIST}-ssr`)
//   API_UPSTREAMS   the API's web processes, as Caddy's variable: "web-1:3000 web-2:3000" (taken in turn)
//   PORT            default 3100
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DIST = resolve(process.env.MEMBER_DIST ?? join(import.meta.dirname, 'dist'));
const PORT = Number(process.env.PORT ?? 3100);
const UPSTREAMS = (process.env.API_UPSTREAMS ?? 'localhost:3000').split(/\s+/).filter(Boolean);

const template = readFileSync(join(DIST, 'index.html'), 'utf8');
const { renderRequest } = await import(pathToFileURL(join(`${DIST}-ssr`, 'entry-server.js')).href);

let turn = 0;
const nextApi = () => `http://${UPSTREAMS[turn++ % UPSTREAMS.length]}`;

const server = createServer(async (req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let page = null;
  try {
    page = await renderRequest(req, { template, apiBase: nextApi() });
  } catch (error) {
    console.error(JSON.stringify({ msg: 'first screen not rendered', url: req.url, error: String(error) }));
  }
  // The plain index.html is revalidated on each visit, as Caddy serves it; a rendered page brings its own headers.
  res.writeHead(
    200,
    page?.headers ?? { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  );
  res.end(req.method === 'HEAD' ? undefined : (page?.html ?? template));
});

server.listen(PORT, () => console.log(JSON.stringify({ msg: 'member render server listening', port: PORT })));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
