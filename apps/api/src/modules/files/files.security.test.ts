import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_SVG_UPLOAD_BYTES, SVG_TOO_LARGE_MESSAGE } from '@dance/domain';
import { JSDOM } from 'jsdom';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { createS3FileStore, UPLOAD_CSP } from '../../adapters/files';

/**
 * Uploaded SVGs against known XSS payloads (issue 13, finding 8): the stored file keeps no script, no event
 * handler and no javascript: URL, and every served upload carries CSP sandbox and nosniff.
 */
let t: TestApp;
let admin: Session;
const dataDir = `/tmp/dance-files-security-${process.pid}`;
beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const upload = (file: Buffer | string, name = 'x.svg') => {
  const form = new FormData();
  form.append('purpose', 'banner');
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  return t.app.inject({ method: 'POST', url: '/api/v1/files', payload: form, headers: admin.headers });
};
const stored = (url: string) => readFile(join(dataDir, url.replace('/files/', 'files/')), 'utf8');

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const SHAPE = '<rect width="10" height="10" fill="red"/>';
/** Known SVG XSS payloads; each also holds a harmless shape that must survive. */
const PAYLOADS: Record<string, string> = {
  'presentation attribute url() to another host': `<svg ${SVG}>${SHAPE}<circle r="5" fill="url(https://evil.example/p.svg#g)" filter="url( 'https://evil.example/f.svg#f' )"/></svg>`,
  'style image-set()': `<svg ${SVG}>${SHAPE}<circle r="5" style="fill: red; background: image-set('https://evil.example/a.png' 1x)"/></svg>`,
  'split script tag': `<svg ${SVG}>${SHAPE}<scr<script></script>ipt>alert(1)</scr<script></script>ipt></svg>`,
  'svg/onload without a space': `<svg/onload=alert(1) ${SVG}>${SHAPE}</svg>`,
  'animate href to javascript:': `<svg ${SVG}>${SHAPE}<a><animate attributeName="href" values="javascript:alert(1)"/><text x="20" y="20">click</text></a></svg>`,
  'set href to javascript:': `<svg ${SVG}>${SHAPE}<a><set attributeName="xlink:href" to="javascript:alert(1)"/><circle r="5"/></a></svg>`,
  'xlink:href javascript:': `<svg ${SVG}>${SHAPE}<a xlink:href="javascript:alert(1)"><circle r="5"/></a></svg>`,
  'href with an encoded javascript:': `<svg ${SVG}>${SHAPE}<a href="jav&#x09;ascript&#58;alert(1)"><circle r="5"/></a></svg>`,
  foreignObject: `<svg ${SVG}>${SHAPE}<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe><img src="x" onerror="alert(1)"/></body></foreignObject></svg>`,
  'script in CDATA': `<svg ${SVG}>${SHAPE}<script type="text/javascript"><![CDATA[ alert(1) ]]></script></svg>`,
  'entity tricks': `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>"><!ENTITY js "javascript:alert(1)">]><svg ${SVG}>${SHAPE}<text>&x;</text><a href="&js;"><circle r="5"/></a></svg>`,
  'style url(javascript:)': `<svg ${SVG}><style>rect { fill: url(javascript:alert(1)); } @import url(http://evil.example/x.css);</style>${SHAPE}<circle r="5" style="background:url('javascript:alert(1)')"/></svg>`,
  'style url with a parenthesis in quotes': `<svg ${SVG}><style>rect { fill: url("https://evil.example/a)b") }</style>${SHAPE}</svg>`,
  'style with css escapes': `<svg ${SVG}><style>rect { background: u\\72l(javas\\63ript:alert(1)) }</style>${SHAPE}</svg>`,
  'use href=data:': `<svg ${SVG}>${SHAPE}<use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/><use xlink:href="https://evil.example/sprite.svg#x"/></svg>`,
  'event handlers in mixed case': `<svg ${SVG} OnLoAd="alert(1)">${SHAPE}<circle r="5" oNcLiCk="alert(2)" ONMOUSEOVER='alert(3)'/><g onfocusin=alert(4)></g></svg>`,
  'iframe and embed': `<svg ${SVG}>${SHAPE}<iframe src="javascript:alert(1)"></iframe><embed src="data:text/html,<script>alert(1)</script>"/></svg>`,
  'image with an svg data url and onerror': `<svg ${SVG}>${SHAPE}<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" onerror="alert(1)"/></svg>`,
  'mXSS through a closing style in a title': `<svg ${SVG}>${SHAPE}<title><style><img src=x onerror=alert(1)></style></title></svg>`,
  'html breakout': `<svg ${SVG}>${SHAPE}</svg><img src=x onerror=alert(1)><script>alert(1)</script>`,
};

/** What a browser would run: script-like elements, on* attributes, javascript:/vbscript:/data: URLs. */
function expectInert(svg: string) {
  expect(svg).not.toMatch(/<\s*(\w+:)?(script|foreignObject|iframe|embed|object|animate|set)\b/i);
  expect(svg).not.toMatch(/\son\w+\s*=/i);
  expect(svg).not.toMatch(/javascript:|vbscript:|data:(?!image\/(png|jpe?g|gif|webp);base64)/i);
  expect(svg).not.toMatch(/@import|https?:\/\/evil/i);
  // Parsed as the browser parses an SVG file (XML): well formed, and no attribute sneaks past the checks.
  const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  for (const el of Array.from(doc.getElementsByTagName('*'))) {
    expect(['script', 'foreignObject', 'iframe', 'embed']).not.toContain(el.localName);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${el.localName} ${attr.name}`).toBe(false);
      expect(
        Array.from(attr.value)
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join(''),
      ).not.toMatch(/^(javascript|vbscript):/i);
    }
  }
  return doc;
}

describe('SVG uploads are sanitised by a parser, not patterns', () => {
  it.each(Object.entries(PAYLOADS))(
    '%s: stored without anything that runs, shapes kept',
    async (_name, svg) => {
      const res = await upload(svg);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().contentType).toBe('image/svg+xml');
      const file = await stored(res.json().url);
      const doc = expectInert(file);
      expect(doc.documentElement.localName).toBe('svg');
      expect(doc.getElementsByTagName('rect')).toHaveLength(1);
      expect(res.json().size).toBe(Buffer.byteLength(file));
    },
  );

  it('keeps a harmless SVG drawing: shapes, gradients, internal references, text and a raster image', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg ${SVG} viewBox="0 0 100 100" width="100" height="100">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
  <path id="p" d="M10 10 L90 90"/></defs>
  <style>.c { fill: url(#g); stroke: #333 }</style>
  <rect class="c" x="5" y="5" width="90" height="90" rx="8"/>
  <circle cx="50" cy="50" r="20" style="fill:url(#g);opacity:0.5"/>
  <ellipse cx="50" cy="50" rx="10" ry="5" fill="url(#g)"/>
  <text x="10" y="95" font-family="sans-serif">Dance &amp; move</text>
  <text><textPath xlink:href="#p">along the path</textPath></text>
  <image href="data:image/png;base64,${png}" width="1" height="1"/>
</svg>`;
    const res = await upload(svg);
    expect(res.statusCode, res.body).toBe(201);
    const file = await stored(res.json().url);
    const doc = expectInert(file);
    const root = doc.documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 100 100');
    for (const tag of [
      'linearGradient',
      'stop',
      'path',
      'rect',
      'circle',
      'textPath',
      'text',
      'image',
      'style',
    ])
      expect(doc.getElementsByTagName(tag).length, tag).toBeGreaterThan(0);
    expect(doc.getElementsByTagName('textPath')[0]!.getAttribute('xlink:href')).toBe('#p');
    expect(doc.getElementsByTagName('circle')[0]!.getAttribute('style')).toContain('url(#g)');
    expect(doc.getElementsByTagName('style')[0]!.textContent).toContain('url(#g)');
    expect(doc.getElementsByTagName('ellipse')[0]!.getAttribute('fill')).toBe('url(#g)');
    expect(doc.getElementsByTagName('text')[0]!.textContent).toBe('Dance & move');
    expect(doc.getElementsByTagName('image')[0]!.getAttribute('href')).toContain('data:image/png;base64,');
  });

  it('refuses an SVG over 256 KB before parsing it (413), so a big drawing cannot hold the server', async () => {
    const rects = SHAPE.repeat(Math.ceil(MAX_SVG_UPLOAD_BYTES / SHAPE.length));
    const started = performance.now();
    const res = await upload(`<svg ${SVG}>${rects}</svg>`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: SVG_TOO_LARGE_MESSAGE });
    expect(performance.now() - started).toBeLessThan(500); // not parsed: jsdom takes seconds on this much
  });

  it('refuses an SVG it cannot read as one (a prefixed root holding a script): 415', async () => {
    const res = await upload('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>');
    expect(res.statusCode).toBe(415);
  });
});

describe('served uploads', () => {
  it('carry CSP sandbox (with the strict policy) and nosniff, for SVG and raster files', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const [file, name] of [
      [png, 'a.png'],
      [`<svg ${SVG}>${SHAPE}</svg>`, 'b.svg'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.statusCode, res.body).toBe(201);
      const served = await t.app.inject(res.json().url);
      expect(served.statusCode).toBe(200);
      const csp = String(served.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
      expect(csp).not.toMatch(/script-src|allow-scripts/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

/** An S3 store on a bucket msw answers for. */
const testS3Store = () =>
  createS3FileStore({
    endpoint: 'https://s3.test.example',
    region: 'us-east-1',
    bucket: 'uploads',
    accessKeyId: 'AKIATEST',
    secretAccessKey: 'secret',
    publicUrl: 'https://cdn.test.example/',
  });

describe('the S3 file store', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('stores every upload with its type, nosniff and the CSP as metadata, and SVGs as attachment', async () => {
    const puts: { path: string; headers: Headers; body: string }[] = [];
    server.use(
      http.put('https://s3.test.example/uploads/*', async ({ request }) => {
        puts.push({
          path: new URL(request.url).pathname,
          headers: request.headers,
          body: await request.text(),
        });
        return new HttpResponse(null, { status: 200, headers: { etag: '"e"' } });
      }),
    );
    const store = testS3Store();
    const svg = await store.put('banner/2026-11/a.svg', Buffer.from(`<svg ${SVG}/>`), 'image/svg+xml');
    const png = await store.put('profile-image/2026-11/b.png', Buffer.from('png'), 'image/png');
    expect(svg.url).toBe('https://cdn.test.example/banner/2026-11/a.svg');
    expect(png.url).toBe('https://cdn.test.example/profile-image/2026-11/b.png');
    expect(puts.map((p) => p.path)).toEqual([
      '/uploads/banner/2026-11/a.svg',
      '/uploads/profile-image/2026-11/b.png',
    ]);
    const [svgPut, pngPut] = puts as [(typeof puts)[0], (typeof puts)[0]];
    expect(svgPut.headers.get('content-type')).toBe('image/svg+xml');
    expect(svgPut.headers.get('content-disposition')).toBe('attachment; filename="a.svg"');
    expect(pngPut.headers.get('content-type')).toBe('image/png');
    expect(pngPut.headers.get('content-disposition')).toBe('inline; filename="b.png"');
    for (const put of puts) {
      expect(put.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(put.headers.get('x-amz-meta-x-content-type-options')).toBe('nosniff');
      expect(put.headers.get('x-amz-meta-content-security-policy')).toBe(UPLOAD_CSP);
    }
    expect(UPLOAD_CSP.split(';').map((d) => d.trim())).toContain('sandbox');
  });

  it('reads a public object back (the variants backfill) and answers the URL put answered', async () => {
    server.use(
      http.get('https://s3.test.example/uploads/banner/2026-11/a.jpg', () =>
        HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer),
      ),
      http.get('https://s3.test.example/uploads/banner/2026-11/gone.jpg', () =>
        HttpResponse.xml('<Error><Code>NoSuchKey</Code><Message>gone</Message></Error>', { status: 404 }),
      ),
    );
    const store = testS3Store();
    expect(store.urlOf('banner/2026-11/a.jpg')).toBe('https://cdn.test.example/banner/2026-11/a.jpg');
    expect([...(await store.read('banner/2026-11/a.jpg'))!]).toEqual([1, 2, 3]);
    expect(await store.read('banner/2026-11/gone.jpg')).toBeNull();
  });
});

describe('a malformed multipart body', () => {
  const boundary = '----dance-boundary';
  const send = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  const purpose = `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbanner\r\n`;
  const fileStart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;

  it.each([
    ['without its closing boundary', `${purpose}${fileStart}\x89PNG\r\n\x1a\n`],
    ['cut inside the part headers', `${purpose}--${boundary}\r\nContent-Disposition: form-da`],
    ['with no part at all', 'not multipart at all'],
  ])('%s is a 400 that stores nothing', async (_, payload) => {
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().title ?? res.json().message).toBeTruthy();
  });
});
