// The member app as built for production, served by `vite preview` and proxying to a seeded development API on a
// fresh PGlite folder: what the browser benches (lcp, player) load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { assertPortsFree, loadChromium, ROOT, spawnGroup, stopGroup, waitForOk } from './lib.mjs';

/** The Chromium the browser benches drive (Debian's). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the member app into `distDir`. */
export function buildMemberApp(distDir) {
  const build = spawnSync(
    'pnpm',
    ['--filter', '@dance/member', 'exec', 'vite', 'build', '--outDir', distDir, '--emptyOutDir'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: 300_000 },
  );
  if (build.status !== 0) throw new Error(`the member build failed\n${build.stdout}${build.stderr}`);
}

/**
 * Starts the seeded API (data and logs under `workDir`, extra variables in `apiEnv`) and `vite preview` of
 * `distDir`; resolves once both answer. Stop both with the returned `stop`.
 */
export async function startMemberPreview({ apiPort, previewPort, workDir, distDir, apiEnv = {} }) {
  const env = {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: join(workDir, 'data'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    RATE_LIMIT_MAX: '1000000',
    ...apiEnv,
  };
  delete env.DATABASE_URL;
  const api = spawnGroup('pnpm', ['--filter', '@dance/api', 'exec', 'tsx', 'src/server.ts'], {
    env,
    logFile: join(workDir, 'api.log'),
  });
  const preview = spawnGroup(
    'pnpm',
    [
      '--filter',
      '@dance/member',
      'exec',
      'vite',
      'preview',
      '--outDir',
      distDir,
      '--port',
      String(previewPort),
      '--strictPort',
    ],
    {
      env: { ...process.env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
      logFile: join(workDir, 'preview.log'),
    },
  );
  const stop = () => Promise.all([stopGroup(api), stopGroup(preview)]);
  try {
    await waitForOk(`http://localhost:${apiPort}/health`, { child: api, timeoutMs: 120_000 });
    await waitForOk(`http://localhost:${previewPort}/`, { child: preview, timeoutMs: 60_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/**
 * Runs `use` against the member build as the browser benches load it: built into a temporary folder, served by
 * `vite preview` in front of a seeded API with no demo media (ffmpeg would otherwise render every demo clip on
 * the same cores while pages are measured; `apiEnv` adds to the API's variables), and a headless Chromium.
 * `use` gets `{ browser, api, base, distDir }`; the browser, the servers and the folder go when it settles.
 * `beforeStart` runs after the build and before the servers start (work that would compete with them).
 */
export async function withServedMemberBuild({ label, apiPort, previewPort, apiEnv = {}, beforeStart }, use) {
  const chromium = loadChromium();
  await assertPortsFree([apiPort, previewPort]);
  const workDir = mkdtempSync(join(os.tmpdir(), `dance-bench-${label}-`));
  const distDir = join(workDir, 'dist');
  let servers;
  let browser;
  try {
    console.log(`${label}: building the member app into ${distDir}`);
    buildMemberApp(distDir);
    await beforeStart?.();
    servers = await startMemberPreview({
      apiPort,
      previewPort,
      workDir,
      distDir,
      apiEnv: { DEMO_MEDIA: 'none', ...apiEnv },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    return await use({
      browser,
      distDir,
      api: `http://localhost:${apiPort}`,
      base: `http://localhost:${previewPort}`,
    });
  } finally {
    await browser?.close();
    await servers?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
