import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as domain from '../index';
import type { Endpoint } from './endpoint';
import { TEXT_CHECKS } from './strings';

/**
 * Every string a client sends (body, query, params of every endpoint contract) goes through the text helpers of
 * strings.ts, or is a format that cannot hold a control character. A plain z.string() in a request fails here
 * (issue 13, finding 6: a NUL in a name answered 500).
 */

/** String formats whose own pattern already refuses control characters. */
const SAFE_FORMATS = new Set([
  'uuid',
  'guid',
  'email',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'datetime',
  'date',
  'time',
]);

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Paths (e.g. `body.firstName`) of request strings without a text check. */
function uncheckedStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, suffix = '') => uncheckedStrings(child, path + suffix, seen);
  switch (def.type) {
    case 'string': {
      if (typeof def.format === 'string' && SAFE_FORMATS.has(def.format)) return [];
      const checks = (def.checks as { _zod: { def: { check: string; fn?: unknown } } }[] | undefined) ?? [];
      const checked = checks.some((c) => TEXT_CHECKS.has(c._zod.def.fn as (value: string) => boolean));
      return checked ? [] : [path || '(root)'];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>)
        .flatMap(([key, child]) => walk(child, `.${key}`))
        .concat(def.catchall ? walk(def.catchall, '.*') : []);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return walk(def.innerType);
    case 'pipe':
      // A transform's input is the client's value; its output is ours.
      return walk(def.in).concat(defOf(def.out).type === 'transform' ? [] : walk(def.out));
    case 'array':
      return walk(def.element, '[]');
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return walk(def.left).concat(walk(def.right));
    case 'record':
      return walk(def.keyType, '.<key>').concat(walk(def.valueType, '.<value>'));
    case 'tuple':
      return (def.items as unknown[])
        .flatMap((item, i) => walk(item, `[${i}]`))
        .concat(def.rest ? walk(def.rest) : []);
    case 'lazy':
      return walk((def.getter as () => unknown)());
    default:
      return [];
  }
}

const endpoints = Object.entries(domain).flatMap(([group, value]) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>)
        .filter(([, e]) => e && typeof e === 'object' && 'method' in e && 'path' in e && 'response' in e)
        .map(([name, e]) => [`${group}.${name}`, e as Endpoint] as const)
    : [],
);

describe('request contracts', () => {
  it('finds the endpoint contracts', () => {
    expect(endpoints.length).toBeGreaterThan(80);
  });

  it('check every string a client sends for control characters', () => {
    const unchecked = endpoints.flatMap(([name, endpoint]) =>
      (['body', 'query', 'params'] as const).flatMap((part) =>
        endpoint[part] ? uncheckedStrings(endpoint[part] as z.ZodType, part).map((p) => `${name} ${p}`) : [],
      ),
    );
    expect(unchecked).toEqual([]);
  });
});
