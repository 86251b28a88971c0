import type { TVideoCard } from './catalogue/contracts';
import { API_PREFIX, type Endpoint, ZProblem } from './http/endpoint';
import * as domain from './index';

/**
 * Test data shared by the apps' and packages' tests (`@dance/domain/testing`); never imported by product code.
 */

/** A released library video's card, number `n` (its id and title); tests override what they check. */
export function videoCard(n: number, overrides: Partial<TVideoCard> = {}): TVideoCard {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'library',
    title: `Lesson ${n}`,
    shortDescription: '',
    instructor: { id: 'i1', name: 'Maya Laurent', imageUrl: null },
    categoryId: null,
    durationSeconds: 300,
    thumbnailUrl: null,
    releaseDate: '2026-01-01',
    isComingSoon: false,
    tags: [],
    levels: ['Beginner'],
    fileType: 'video',
    isSaved: false,
    ...overrides,
  };
}

/** Every endpoint contract of the package: the groups' members that have a method, a path and a response. */
const contracts: Endpoint[] = Object.values(domain).flatMap((group) =>
  group && typeof group === 'object' && !Array.isArray(group)
    ? Object.values(group as Record<string, unknown>).filter(
        (value): value is Endpoint =>
          !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value,
      )
    : [],
);

const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
const paramCount = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;

/** The contract a mocked call answers for; a literal segment wins over a :param (`/playlists/featured`). */
export function endpointOf(method: string, url: string): Endpoint | undefined {
  const pathname = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  const path = pathname.slice(API_PREFIX.length);
  return contracts
    .filter((endpoint) => endpoint.method === method.toUpperCase() && pathPattern(endpoint.path).test(path))
    .sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

/**
 * Why a mocked JSON answer could not come from the API, or null when it could: a success body must parse with
 * its endpoint's response schema, an error body with the problem schema. Calls outside the contracts pass.
 */
export function contractViolation(method: string, url: string, status: number, body: unknown): string | null {
  const endpoint = endpointOf(method, url);
  if (!endpoint) return null;
  const schema =
    status >= 400 ? ZProblem : status === (endpoint.successStatus ?? 200) ? endpoint.response : null;
  if (!schema) return `${method} ${endpoint.path} answers ${endpoint.successStatus ?? 200}, not ${status}`;
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return `${method} ${endpoint.path} (${status}) does not match its contract: ${issues.join('; ')}`;
}
