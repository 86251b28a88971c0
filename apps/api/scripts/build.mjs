// Bundles the API for production: our workspace packages are bundled in, npm dependencies stay external
// (installed next to it), and the migrations folder is copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@dance/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/migrate.ts', 'src/demo/seed-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm dependencies stay external; workspace packages (TypeScript sources) are bundled in.
  external: [...external, 'pino-pretty'],
  logLevel: 'info',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
// The embedded database's thread (decision 0017) runs as its own module beside the bundle.
cpSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
