// Budget: the member app's JavaScript for the first page is 150 kB gzip or less: the scripts (the entry and
// early.js) and every modulepreload of the built index.html, each gzipped at level 9.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatKb, formatSeconds, ROOT } from './lib.mjs';

const BUDGET_BYTES = 150_000;
const DIST = join(ROOT, 'apps/member/dist');

/** The value of one attribute of a tag's source, or undefined. */
function readAttribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Local asset paths of the entry module scripts, module preloads and stylesheets of index.html. */
export function listFirstPageAssets(html) {
  const scripts = [];
  const styles = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    // Module scripts and classic ones alike (public/early.js is a classic script, decision 0058).
    const src = readAttribute(tag, 'src');
    if (src) scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = readAttribute(tag, 'rel')?.toLowerCase();
    const href = readAttribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(href);
    if (rel === 'stylesheet') styles.push(href);
  }
  const isLocal = (url) => !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//');
  return { scripts: [...new Set(scripts)].filter(isLocal), styles: [...new Set(styles)].filter(isLocal) };
}

function measureFile(url) {
  const path = join(DIST, url.replace(/^\//, '').split(/[?#]/)[0]);
  const content = readFileSync(path);
  return { url, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

export async function runBundle() {
  console.log('bundle: building the member app (pnpm --filter @dance/member build)');
  const started = performance.now();
  const build = spawnSync('pnpm', ['--filter', '@dance/member', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 300_000,
  });
  const buildMs = performance.now() - started;
  if (build.status !== 0) {
    const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.trimEnd().split('\n').slice(-30).join('\n');
    throw new Error(`the member build failed (status ${build.status ?? build.signal})\n${output}`);
  }
  const indexPath = join(DIST, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} was not produced by the build`);

  const { scripts, styles } = listFirstPageAssets(readFileSync(indexPath, 'utf8'));
  if (scripts.length === 0) throw new Error('no module script found in apps/member/dist/index.html');
  const jsFiles = scripts.map(measureFile);
  const cssFiles = styles.map(measureFile);
  const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);
  const jsGzip = sum(jsFiles, 'gzipBytes');
  const describe = (file) => `\`${file.url}\` ${formatKb(file.bytes)} raw, ${formatKb(file.gzipBytes)} gzip`;
  return {
    rows: [
      {
        measure: 'Member app first-page JavaScript (gzip -9)',
        result: `${formatKb(jsGzip)} in ${jsFiles.length} file${jsFiles.length === 1 ? '' : 's'}`,
        budget: `<= ${formatKb(BUDGET_BYTES)}`,
        isWithin: jsGzip <= BUDGET_BYTES,
      },
    ],
    details: [
      `- bundle: \`apps/member/dist/index.html\` after \`pnpm --filter @dance/member build\` (${formatSeconds(buildMs)}); ` +
        'entry script and modulepreloads; chunks loaded later by dynamic import are not counted.',
      ...jsFiles.map((file) => `  - ${describe(file)}`),
      ...(cssFiles.length
        ? [
            `  - CSS, not counted in the budget: ${cssFiles.map(describe).join('; ')} (total ${formatKb(sum(cssFiles, 'gzipBytes'))} gzip)`,
          ]
        : []),
    ],
  };
}
