import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from '@polka/compression';
import react from '@vitejs/plugin-react';
import {
  build,
  type ConfigEnv,
  defineConfig,
  minifySync,
  type Plugin,
  type ResolveModulePreloadDependenciesFn,
  type Rolldown,
  type UserConfig,
} from 'vite';

/**
 * `vite preview` serves the build as production does (infra/Caddyfile): hashed files under /assets/ cached for a
 * year, everything else revalidated. Without it every asset of a warm page costs a conditional request, which
 * production never makes, and the browser benches that load the app twice measure round trips nobody gets.
 * The API's answers it proxies are compressed too, as Caddy's `encode` does (vite compresses only its own
 * files): the slow-phone bench otherwise carried the 53 kB home answer where production sends about 8 kB.
 * Event streams are left alone (the wrapper holds the headers back until the first bytes, and a stream must flush
 * as it goes).
 */
function productionCaching(): Plugin {
  const compressApi = compression({ mimes: /\/json|javascript|xml|text\//i });
  return {
    name: 'production-caching',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (path.startsWith('/api/') && !req.headers.accept?.includes('text/event-stream'))
          return compressApi(req, res, next);
        if (path.startsWith('/api/')) return next();
        if (path.startsWith('/dev/') || path.startsWith('/files/')) return next();
        res.setHeader(
          'Cache-Control',
          path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        next();
      });
    },
  };
}

/**
 * The first screen rendered by the server (decisions 0071 and 0072). Each client build writes the render
 * function's own bundle beside it (`<outDir>-ssr/entry-server.js`, everything bundled in, so production's render
 * process needs no node_modules), and `vite preview` answers the navigations it renders with it, as production's
 * render process (`render-server.mjs`) does: the benches and the end-to-end tests load what ships. A page it does
 * not render, or a render that fails, is the static index.html as before. `pnpm dev` renders on the client.
 */
function firstScreenRendering(): Plugin {
  let outDir = 'dist';
  let configFile: string | undefined;
  let isClientBuild = false;
  const compressHtml = compression({ mimes: /text\/html/i });
  return {
    name: 'first-screen-rendering',
    config(_config, env) {
      isClientBuild = env.command === 'build' && !env.isSsrBuild;
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      if (!isClientBuild) return;
      await build({
        configFile,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: `${outDir}-ssr`,
          emptyOutDir: true,
          copyPublicDir: false,
        },
        ssr: { noExternal: true },
      });
    },
    configurePreviewServer(server) {
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const renderer = import(pathToFileURL(join(`${outDir}-ssr`, 'entry-server.js')).href) as Promise<
        typeof import('./src/entry-server')
      >;
      // Without its bundle (an older build) every page is the static one; the reason is logged per request.
      renderer.catch(() => {});
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
        void renderer
          .then((m) => m.renderRequest(req, { template, apiBase: apiTarget }))
          .then((page) => {
            if (page === null) return next();
            compressHtml(req, res, () => {
              for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
              res.end(page.html);
            });
          })
          .catch((error: unknown) => {
            server.config.logger.warn(`first screen of ${req.url}: ${String(error)}`);
            next();
          });
      });
    },
  };
}

/** For the plugins that shape the client's build: the server render's bundle (decision 0071) has no page of its own. */
const clientBuildOnly = (_config: UserConfig, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/** The lazy routes a visit may land on, by the name `public/early.js` knows them, and their page module. */
const EARLY_ROUTES: Record<string, string> = {
  library: '/src/features/library/library-page.tsx',
  player: '/src/features/player/player-page.tsx',
};

/**
 * Writes into index.html, as data (no script runs from it), the built files of each lazy route of
 * EARLY_ROUTES that the entry does not load already: its chunk, the chunks it imports statically and their
 * CSS. `public/early.js` preloads those of the route the visit lands on while the entry downloads
 * (decision 0058), so the route's code does not wait for the entry to run first.
 */
function earlyRouteFiles(): Plugin {
  return {
    name: 'early-route-files',
    apply: clientBuildOnly,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(ctx.bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const staticClosure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(imported, into);
          return into;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const loadedByEntry = entry ? staticClosure(entry.fileName) : new Set<string>();
        const files: Record<string, { js: string[]; css: string[] }> = {};
        for (const [route, source] of Object.entries(EARLY_ROUTES)) {
          const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(source));
          if (!page) continue;
          const own = [...staticClosure(page.fileName)].filter((file) => !loadedByEntry.has(file));
          const css = own.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
          files[route] = {
            js: own.map((file) => `/${file}`),
            css: [...new Set(css)].map((file) => `/${file}`),
          };
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'early-routes' },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The fonts of the first paint: the Latin subsets of the body (Inter) and heading (Montserrat) faces. */
const FIRST_PAINT_FONTS = /^assets\/(inter|montserrat)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the first paint's fonts from index.html. Without it the browser finds them only once React has
 * rendered text in them, seconds in on a slow phone, and each face swapping in re-wrapped the home page's
 * headline: two layout shifts (issue 21 item 3, decision 0065). Preloaded, they arrive with the entry script.
 */
function preloadFirstPaintFonts(): Plugin {
  return {
    name: 'preload-first-paint-fonts',
    apply: clientBuildOnly,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return Object.keys(ctx.bundle)
          .filter((fileName) => FIRST_PAINT_FONTS.test(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${fileName}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * `public/early.js` is copied as it is (a plain script, not a module of the bundle); the build minifies the copy,
 * so its comments stay in the source and off the wire (2.4 kB gzip as written, 1.2 kB minified).
 */
function minifyEarlyScript(): Plugin {
  let outDir = 'dist';
  return {
    name: 'minify-early-script',
    apply: clientBuildOnly,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const path = join(outDir, 'early.js');
      const result = minifySync('early.js', readFileSync(path, 'utf8'));
      if (result.errors.length > 0) throw new Error(`early.js: ${result.errors[0]?.message}`);
      writeFileSync(path, result.code);
    },
  };
}

/**
 * The files every page loads (the entry chunk and its static imports, the `modulepreload`s of index.html), kept
 * out of the preload lists of dynamic imports. Each `import()` of a lazy route carries the list of files it
 * needs, so the browser fetches them at once instead of one import after another; the first page's files are
 * on every list and always loaded already, so listing them only cost the entry bytes (3.6 kB gzip of lists).
 */
function firstPagePreloads() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'first-page-files',
    apply: clientBuildOnly,
    // Runs before Vite writes the preload lists (its import analysis is a post plugin).
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_file, deps, { hostType }) =>
    hostType === 'js' ? deps.filter((dep) => !files.has(dep)) : deps;
  return { plugin, resolveDependencies };
}
const firstPage = firstPagePreloads();

// The API lives behind /api (and the dev outbox behind /dev) on the same origin, so the session cookie is
// first-party in development as it is behind the production reverse proxy.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    productionCaching(),
    earlyRouteFiles(),
    preloadFirstPaintFonts(),
    minifyEarlyScript(),
    firstPage.plugin,
    firstScreenRendering(),
  ],
  build: {
    modulePreload: { resolveDependencies: firstPage.resolveDependencies },
    rolldownOptions: {
      output: {
        // Seven hash characters (42 bits) instead of eight: the entry carries the names of the lazy chunks' files
        // in its preload lists (140 of them), and a random character each cost the first page 0.1 kB gzip.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // React as one chunk: every page runs all of it, and left alone the bundler cut its modules into files
        // of their own as lazy chunks came to share them (each file compressed alone: bytes for nothing).
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  // Scan every source file at start, so dependencies of lazy routes are pre-bundled up front: a dependency
  // discovered mid-session makes Vite re-bundle and reload the page (flaky end-to-end tests, lost state).
  // Each dev server keeps its own cache, so two servers on one machine never rebuild each other's.
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test/**'] },
  cacheDir: `node_modules/.vite/${process.env.VITE_CACHE_NAME ?? 'default'}`,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      // Thumbnails, banners and other stored files are served by the API.
      '/files': { target: apiTarget, changeOrigin: false },
      // The sitemap and robots.txt are generated by the API from the catalogue (issue 18), on the member host.
      '/sitemap.xml': { target: apiTarget, changeOrigin: false },
      '/sitemaps/': { target: apiTarget, changeOrigin: false },
      '/robots.txt': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173, strictPort: true },
});
