import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The module shape of docs/architecture.md, checked: routes stay thin HTTP, modules share reads through their
// queries or service (never another module's routes), and the db layer depends on nothing above it.

const SRC = join(import.meta.dirname);
const MODULES = join(SRC, 'modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const importsOf = (source: string) =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

const moduleNames = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory());

describe('the module shape', () => {
  it('finds the modules', () => {
    expect(moduleNames.length).toBeGreaterThan(15);
  });

  for (const name of moduleNames) {
    const routesFile = join(MODULES, name, 'routes.ts');
    let source: string;
    try {
      source = readFileSync(routesFile, 'utf8');
    } catch {
      continue;
    }
    it(`${name}/routes.ts is thin: no SQL, no schema, no other module's routes`, () => {
      const imports = importsOf(source);
      expect(imports.filter((spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/'))).toEqual([]);
      expect(imports.filter((spec) => /\/db\/schema/.test(spec))).toEqual([]);
      expect(imports.filter((spec) => /\/routes$/.test(spec) || /^\.\.\/[^/]+\/routes/.test(spec))).toEqual(
        [],
      );
      // app.db may be handed to a service or query; it is never queried here.
      expect(
        source.match(/\bapp\.db\.(select|insert|update|delete|transaction|execute|query)\b/g) ?? [],
      ).toEqual([]);
    });
  }

  it("no file imports another module's routes (app.ts registers them)", () => {
    const offenders = filesUnder(SRC)
      .filter((file) => !file.endsWith(`${join('src', 'app.ts')}`))
      .flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter(
            (spec) => /(^|\/)routes$/.test(spec) && !(spec === './routes' && file.includes('/modules/')),
          )
          .map((spec) => `${relative(SRC, file)} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the db layer imports nothing from modules or adapters', () => {
    const offenders = filesUnder(join(SRC, 'db')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => /(^|\/)(modules|adapters|demo)\//.test(spec))
        .map((spec) => `${relative(SRC, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
