import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const featuresDir = dirname(new URL(import.meta.url).pathname);

/** Every static, dynamic and type import (`from '…'`, `import('…')`, `import '…'`) of a file. */
const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The feature a path belongs to (its first folder under features/), or null outside features/. */
function featureOf(path: string): string | null {
  const inside = relative(featuresDir, path);
  if (inside.startsWith('..')) return null;
  const [feature, ...rest] = inside.split(sep);
  return rest.length > 0 ? (feature ?? null) : null;
}

/**
 * Features stay independent (issue 14): a piece two features need lives in components/ or app/, and the shell sits beside them, so a feature
 * can change or be removed without breaking another one.
 */
describe('feature boundaries', () => {
  it('no feature imports from another feature', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const feature = featureOf(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
        if (!specifier?.startsWith('.')) continue;
        const target = featureOf(resolve(dirname(file), specifier));
        if (target !== null && target !== feature)
          crossings.push(`${relative(featuresDir, file)} imports ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('sees a crossing when there is one', () => {
    const file = join(featuresDir, 'popups', 'popup-form-page.tsx');
    expect(featureOf(resolve(dirname(file), '../banners/image-picker'))).toBe('banners');
    expect(featureOf(resolve(dirname(file), '../../components/image-picker'))).toBeNull();
  });
});
