import type { Endpoint } from '@dance/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, createUser, type TestApp } from '../../test/helpers';
import { type RegisteredRoute, routeRecorder } from '../../test/routes';
import { createSession } from '../modules/auth/sessions';
import { subscribe } from '../modules/playback/test-factories';

/**
 * Bad-input fuzzing from the contracts (issue 13). For every route registered from a domain contract, fast-check
 * generates requests from the route's zod schemas (params, query, body): wrong types, missing and extra fields,
 * huge, empty, control-character, lone-surrogate and other unicode strings, out-of-range numbers, bad JSON,
 * wrong content types, bad path params. They are sent as the role that passes the route's auth (admin for admin
 * routes, the studio owner for /studio, a member otherwise, with CSRF), so validation and handlers are reached.
 *
 * Each generated request is classified by the contract itself (the same safeParse the server runs on what it
 * will receive): the invalid ones must change no row of any table (counted per route batch), the valid ones
 * (boundary values that a handler may act on) must only never answer 5xx. No request may answer 5xx.
 *
 * Seeded: FUZZ_SEED=<n> reproduces a run (the seed is printed); FUZZ_RUNS=<n> sets the requests per route.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const CONCURRENCY = 16;
/**
 * Tables that change whatever the request: only those background jobs write. Every other row count of the
 * public schema is compared; pg-boss's own schema (job queue bookkeeping, maintenance runs on a timer) is not
 * part of it. notification_inbox and notification_deliveries (decision 0067's claims): the delivery jobs of
 * notifications sent by earlier (valid) requests write them while later routes are fuzzed. release_*: the
 * midnight release job's catch-up at start (and its audit rollups) runs while the first routes are fuzzed. The
 * overview's windows (likes and watching, decisions 0053 and 0059): the windows job rolls them once at start,
 * so that roll too can land while routes are fuzzed.
 */
const IGNORED_TABLES = new Set<string>([
  'notification_inbox',
  'notification_deliveries',
  'release_runs',
  'release_ledger',
  'release_audit_events',
  'release_audit_rollup',
  'likes_window_state',
  'video_likes_windows',
  'watch_window_state',
  'video_watch_windows',
  'watch_day_totals',
]);

type Zod = z.ZodType & { _zod: { def: ZodDef } };
interface ZodDef {
  type: string;
  shape?: Record<string, Zod>;
  catchall?: Zod;
  innerType?: Zod;
  in?: Zod;
  out?: Zod;
  element?: Zod;
  options?: Zod[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: {
    _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; format?: string } };
  }[];
  format?: string;
  coerce?: boolean;
  getter?: () => Zod;
}

/** Ids and emails from a counter, not randomUUID: the same seed sends the same requests. */
let uuidCounter = 0;
function nextUuid() {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${(SEED * 1000 + uuidCounter).toString(16).padStart(12, '0').slice(-12)}`;
}

// ---------- reading a zod schema ----------

interface Node {
  schema: Zod;
  def: ZodDef;
  optional: boolean;
  nullable: boolean;
}

/** Peels optional, nullable, default, pipes and the like down to the type that validates the value. */
function unwrap(schema: Zod): Node {
  let s = schema;
  let optional = false;
  let nullable = false;
  for (let i = 0; i < 20; i += 1) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.type === 'nullable') nullable = true;
    if (
      ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    )
      s = def.innerType!;
    else if (def.type === 'pipe') s = def.in!._zod.def.type === 'transform' ? def.out! : def.in!;
    else if (def.type === 'lazy') s = def.getter!();
    else break;
  }
  return { schema: s, def: s._zod.def, optional, nullable };
}

function bounds(def: ZodDef) {
  let min: number | undefined;
  let max: number | undefined;
  let int = false;
  let format = def.format;
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length' || d.check === 'length_equals') min = d.minimum ?? d.value;
    if (d.check === 'max_length') max = d.maximum;
    if (d.check === 'greater_than') min = d.value;
    if (d.check === 'less_than') max = d.value;
    if (d.check === 'number_format' && /int/.test(d.format ?? '')) int = true;
    if (d.check === 'string_format') format ??= d.format;
  }
  return { min, max, int, format };
}

/** A plausible value: what a client would send. Refinements may still refuse it; the classifier decides. */
function sample(schema: Zod, depth = 0): unknown {
  const { def } = unwrap(schema);
  const b = bounds(def);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, v]) => !unwrap(v).optional || depth < 1)
          .map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'string':
      if (b.format === 'uuid' || b.format === 'guid') return nextUuid();
      if (b.format === 'email') return `fuzz-${nextUuid().slice(-12)}@example.com`;
      if (b.format === 'datetime') return new Date().toISOString();
      if (b.format === 'date') return '2030-01-01';
      return 'a'.repeat(Math.max(1, b.min ?? 1));
    case 'number':
    case 'int':
      return b.min ?? 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return Array.from({ length: b.min ?? 1 }, () => sample(def.element!, depth + 1));
    case 'union':
      return sample(def.options![0]!, depth);
    case 'record':
      return {};
    case 'date':
      return new Date().toISOString();
    default:
      return null;
  }
}

/** The value paths of a sampled value, for picking which field to break. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...paths(v, [...prefix, i]));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else at[last] = value;
  return copy;
}

// ---------- nasty values ----------

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff'];
const UNICODE = ['💃🏽', 'é', 'ﬁ', '𝔘𝔫𝔦', 'שלום', '\u0301\u0301', 'Ω≈ç√', '\u00a0', '\u200b', '𠜎'];
const SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\udc00\ud800'];
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   ',
    'null',
    'undefined',
    'NaN',
    '[]',
    '{}',
    '0',
    '-1',
    'true',
    '../../etc/passwd',
  ),
  fc.constantFrom(...CONTROL).map((c) => `a${c}b`),
  fc.constantFrom(...CONTROL),
  fc.constantFrom(...SURROGATES),
  fc.constantFrom(...UNICODE),
  fc.constantFrom('<script>alert(1)</script>', "' OR 1=1 --", '{{7*7}}', '%00', '\\', '"', "'"),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 4 }).map((k) => 'x'.repeat([256, 1_001, 5_001, 20_001, 100_001][k]!)),
);
const wrongType = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, ''),
  fc.constant([[[[[[[[[[[]]]]]]]]]]]),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  nastyString,
);

/** Values aimed at this schema node's limits: past them (invalid) or on them (boundary). */
function edgeValues(schema: Zod): fc.Arbitrary<unknown> {
  const { def } = unwrap(schema);
  const b = bounds(def);
  const n = (x: number | undefined, fallback: number) => x ?? fallback;
  switch (def.type) {
    case 'string': {
      const lengths = [
        0,
        1,
        n(b.min, 1) - 1,
        n(b.min, 1),
        n(b.max, 1000),
        n(b.max, 1000) + 1,
        n(b.max, 1000) * 4,
      ];
      return fc.oneof(
        fc
          .constantFrom(...lengths.filter((l) => l >= 0))
          .chain((l) => fc.constantFrom('x', '💃', '\u0000', 'é', ' ').map((c) => c.repeat(l))),
        nastyString,
        fc.constantFrom(nextUuid(), nextUuid().toUpperCase(), '00000000-0000-0000-0000-000000000000'),
      );
    }
    case 'number':
    case 'int': {
      const lo = n(b.min, 0);
      const hi = n(b.max, 1_000_000);
      return fc.constantFrom(lo, lo - 1, hi, hi + 1, lo + 0.5, -0, 2 ** 31, -(2 ** 53), 1e21, 0.1 + 0.2);
    }
    case 'array': {
      const lengths = [0, n(b.min, 0), n(b.max, 50), n(b.max, 50) + 1];
      return fc
        .constantFrom(...lengths.filter((l) => l >= 0 && l <= 600))
        .map((l) => Array.from({ length: l }, () => sample(def.element!)));
    }
    case 'enum':
      return fc.constantFrom(
        ...Object.values(def.entries ?? {}),
        ...Object.values(def.entries ?? {}).map((v) => `${v}`.toUpperCase()),
        'other',
      );
    default:
      return wrongType;
  }
}

// ---------- requests ----------

interface FuzzRequest {
  kind: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** A JSON value sent as application/json, or raw bytes with their content type. */
  body?: { json: unknown } | { raw: string; contentType?: string };
}

const queryValue = (v: unknown): string | string[] =>
  Array.isArray(v)
    ? v.map((x) => String(x))
    : typeof v === 'object' && v !== null
      ? JSON.stringify(v)
      : String(v);

function requestArbitrary(endpoint: Endpoint, paramNames: string[]): fc.Arbitrary<FuzzRequest> {
  const paramsSchema = endpoint.params as Zod | undefined;
  const querySchema = endpoint.query as Zod | undefined;
  const bodySchema = endpoint.body as Zod | undefined;
  const paramSchema = (name: string) => (paramsSchema ? unwrap(paramsSchema).def.shape?.[name] : undefined);
  const baseParams = () =>
    Object.fromEntries(
      paramNames.map((name) => {
        const schema = paramSchema(name);
        return [name, schema ? String(sample(schema)) : nextUuid()];
      }),
    );
  const baseQuery = () => {
    if (!querySchema) return {};
    const value = sample(querySchema) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k, queryValue(v)]));
  };
  const baseBody = () => (bodySchema ? sample(bodySchema) : undefined);
  const withBody = (r: Omit<FuzzRequest, 'body' | 'kind'>, body: unknown): Omit<FuzzRequest, 'kind'> =>
    body === undefined ? r : { ...r, body: { json: body } };
  const base = () => ({ params: baseParams(), query: baseQuery() });

  const kinds: fc.Arbitrary<FuzzRequest>[] = [];
  if (bodySchema) {
    const skeleton = baseBody();
    const all = paths(skeleton);
    const schemaAt = (path: (string | number)[]): Zod | undefined => {
      let s: Zod | undefined = bodySchema;
      for (const key of path) {
        if (!s) return undefined;
        const { def } = unwrap(s);
        s = typeof key === 'number' ? def.element : def.shape?.[key];
      }
      return s;
    };
    kinds.push(
      // One field broken: a wrong type, a nasty string, or past its limits.
      fc
        .tuple(fc.constantFrom(...all), fc.boolean())
        .chain(([path, aimed]) => {
          const s = schemaAt(path);
          return (aimed && s ? edgeValues(s) : wrongType).map((v) => ({ path, v }));
        })
        .map(({ path, v }) => ({ kind: 'body-field', ...withBody(base(), setAt(baseBody(), path, v)) })),
      // A field missing.
      fc.constantFrom(...all.filter((p) => p.length > 0), []).map((path) => ({
        kind: 'body-missing',
        ...withBody(base(), path.length ? setAt(baseBody(), path, undefined, true) : {}),
      })),
      // An extra field (mass assignment: role, ids, flags).
      fc
        .tuple(
          fc.constantFrom('role', 'userType', 'id', 'ownerUserId', 'isAdmin', '__proto__', 'x'),
          wrongType,
        )
        .map(([k, v]) => ({
          kind: 'body-extra',
          ...withBody(base(), { ...(baseBody() as object), [k]: v }),
        })),
      // The whole body of the wrong shape.
      wrongType.map((v) => ({ kind: 'body-whole', ...withBody(base(), v) })),
    );
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(endpoint.method)) {
    kinds.push(
      fc
        .constantFrom(
          '{',
          '{"a":',
          '[1,]',
          'nul',
          '\u0000',
          '{"a":1}}',
          `${'['.repeat(5000)}`,
          '"\ud800"',
          '{"a":"\\u0000"}',
        )
        .map((raw) => ({ kind: 'bad-json', ...base(), body: { raw, contentType: 'application/json' } })),
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-7',
          'image/svg+xml',
        )
        .map((contentType) => ({
          kind: 'content-type',
          ...base(),
          body: { raw: JSON.stringify(baseBody() ?? { a: 1 }), contentType },
        })),
    );
  }
  if (paramNames.length) {
    kinds.push(
      fc
        .tuple(
          fc.constantFrom(...paramNames),
          fc.oneof(
            fc.constantFrom(
              'not-a-uuid',
              '..',
              '%2e%2e',
              '%00',
              '%C0%AE',
              '%ED%A0%80',
              '%F0%9F%92%83',
              '0',
              '-1',
            ),
            fc.constantFrom(
              '00000000-0000-0000-0000-000000000000',
              nextUuid().toUpperCase(),
              `${nextUuid()}x`,
            ),
            fc.nat({ max: 2 }).map((k) => 'a'.repeat([100, 2_000, 9_000][k]!)),
            // Never empty: an empty last segment is another route (ignoreTrailingSlash), not a bad param.
            fc
              .string({ minLength: 1, maxLength: 20 })
              .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) || '~'),
          ),
        )
        .map(([name, value]) => ({
          kind: 'param',
          ...withBody({ params: { ...baseParams(), [name]: value }, query: baseQuery() }, baseBody()),
        })),
    );
  }
  const queryKeys = querySchema ? Object.keys(unwrap(querySchema).def.shape ?? {}) : [];
  kinds.push(
    fc
      .tuple(
        fc.constantFrom(...queryKeys, 'unknownKey', '__proto__'),
        fc.oneof(
          nastyString.map((s) => s as string | string[]),
          fc.constant(['1', '2'] as string[]),
          fc.constantFrom('-1', '0', '1e9', '99999999999999999999', '1.5', 'NaN', 'Infinity', ''),
        ),
      )
      .map(([k, v]) => ({
        kind: 'query',
        ...withBody({ params: baseParams(), query: { ...baseQuery(), [k]: v } }, baseBody()),
      })),
  );
  return fc.oneof(...kinds);
}

/** A string as the server receives it: sent as UTF-8, where a lone surrogate became U+FFFD (pairs stay). */
const asSent = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

/** Whether the contract refuses what the server will receive (then nothing may be written). */
function isInvalid(endpoint: Endpoint, req: FuzzRequest): boolean {
  let json: unknown;
  if (req.body && 'raw' in req.body) {
    if (!req.body.contentType?.startsWith('application/json')) {
      if (endpoint.body) return true; // the route reads JSON only: 415
    } else {
      try {
        // What arrives: the bytes are UTF-8, where a lone surrogate became U+FFFD.
        json = JSON.parse(asSent(req.body.raw));
      } catch {
        return true; // bad JSON: 400 from the parser
      }
    }
  } else if (req.body) json = JSON.parse(JSON.stringify(req.body.json) ?? 'null');
  const decoded: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.params)) {
    try {
      decoded[k] = decodeURIComponent(v);
    } catch {
      return true;
    }
    if (v.length > 100 || /%2e|%00|\.\./i.test(v)) return true; // refused by the router or its params
  }
  if (endpoint.params && !endpoint.params.safeParse(decoded).success) return true;
  const query = Object.fromEntries(
    Object.entries(req.query).map(([k, v]) => [k, Array.isArray(v) ? v.map(asSent) : asSent(v)]),
  );
  if (endpoint.query && !endpoint.query.safeParse(query).success) return true;
  if (endpoint.body && !endpoint.body.safeParse(json).success) return true;
  return false;
}

// ---------- the run ----------

let t: TestApp;
const recorder = routeRecorder();
const personas = {} as Record<'member' | 'owner' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: recorder.onRoute });
  const member = await createUser(t.app, { userType: 'individual-user' });
  const owner = await createUser(t.app, { userType: 'studio-owner' });
  const admin = await createUser(t.app, { role: 'admin' });
  await subscribe(t.app, member.id, 'active');
  await subscribe(t.app, owner.id, 'active', 'STUDIO-5');
  Object.assign(personas, { member: member.id, owner: owner.id, admin: admin.id });
});
afterAll(() => t?.close());

/** The role that passes the route's auth, with a session of its own for this route's batch. */
async function headersFor(route: RegisteredRoute): Promise<Record<string, string>> {
  const auth = route.endpoint!.auth;
  if (auth === 'public') return {};
  const who = auth === 'admin' ? 'admin' : route.url.includes('/studio/') ? 'owner' : 'member';
  const s = await createSession(t.app.db, personas[who], 'cookie', {});
  return { cookie: `sid=${s.token}`, 'x-csrf-token': s.csrfToken };
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await t.app.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows?: { table_name: string }[] } & { table_name: string }[];
  const names = (tables.rows ?? tables).map((r) => r.table_name).filter((n) => !IGNORED_TABLES.has(n));
  const union = names.map((n) => `select '${n}' as t, count(*)::int as n from "${n}"`).join(' union all ');
  const result = (await t.app.db.execute(sql.raw(union))) as unknown as {
    rows?: { t: string; n: number }[];
  } & {
    t: string;
    n: number;
  }[];
  return Object.fromEntries((result.rows ?? result).map((r) => [r.t, Number(r.n)]));
}

/**
 * Waits (15 s at most) until no job is due or running: a job queued by an earlier route's valid requests (a
 * notification's delivery mailing its members) would otherwise write while the next route is fuzzed and read as
 * that route's write.
 */
let settleMs = 0;
async function jobsSettled() {
  const started = Date.now();
  try {
    await waitForJobs();
  } finally {
    settleMs += Date.now() - started;
  }
}
async function waitForJobs() {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const result = (await t.app.db
      .execute(
        sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
      )
      .catch(() => null)) as unknown as ({ rows?: { n: number }[] } & { n: number }[]) | null;
    // No pg-boss schema yet: nothing was ever queued.
    if (!result || Number((result.rows ?? result)[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function changed(before: Record<string, number>, after: Record<string, number>) {
  return Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${before[k]} -> ${after[k]}`);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function urlOf(route: RegisteredRoute, req: FuzzRequest) {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => req.params[name] ?? 'x');
  const qs = new URLSearchParams();
  // Only a lone surrogate becomes U+FFFD on the wire; a pair (an emoji) is sent as it is, as isInvalid expects.
  for (const [k, v] of Object.entries(req.query))
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, item.replace(LONE_SURROGATE, '\ufffd'));
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

let ip = 0;
async function send(route: RegisteredRoute, req: FuzzRequest, headers: Record<string, string>) {
  ip += 1;
  const body = req.body;
  return t.app.inject({
    method: route.method as 'POST',
    url: urlOf(route, req),
    // Each request from its own address: the per-address rate limits would otherwise answer 429 first.
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    headers: {
      ...headers,
      ...(body ? { 'content-type': 'raw' in body ? (body.contentType ?? '') : 'application/json' } : {}),
    },
    ...(body ? { payload: 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null') } : {}),
  });
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += CONCURRENCY)
    await Promise.all(items.slice(i, i + CONCURRENCY).map(run));
}

describe('contract fuzzing', () => {
  it(`no 5xx and no write on invalid input, ${RUNS} requests per route (seed ${SEED})`, async () => {
    const routes = recorder.routes.filter((r) => r.endpoint);
    expect(routes.length).toBeGreaterThan(90);
    const serverErrors: string[] = [];
    const writes: string[] = [];
    /** Requests the contract refuses that the server answered with success: a gap between them. */
    const accepted: string[] = [];
    const slow: string[] = [];
    let requests = 0;
    let invalidCount = 0;
    const started = Date.now();
    for (const [index, route] of routes.entries()) {
      const endpoint = route.endpoint!;
      const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
      const generated = fc.sample(requestArbitrary(endpoint, paramNames), {
        seed: SEED + index,
        numRuns: RUNS,
      });
      const invalid = generated.filter((r) => isInvalid(endpoint, r));
      const valid = generated.filter((r) => !isInvalid(endpoint, r));
      const headers = await headersFor(route);
      const record = (req: FuzzRequest, status: number, body: string) => {
        requests += 1;
        if (status >= 500)
          serverErrors.push(
            `${route.method} ${route.url} [${req.kind}] ${status} ${body.slice(0, 120)} <- ${JSON.stringify(req).slice(0, 300)}`,
          );
      };
      // Invalid input: refused, and nothing written.
      await jobsSettled();
      const before = await rowCounts();
      const routeStarted = Date.now();
      await inBatches(invalid, async (req) => {
        const res = await send(route, req, headers);
        record(req, res.statusCode, res.body);
        if (res.statusCode < 400)
          accepted.push(
            `${route.method} ${route.url} [${req.kind}] ${res.statusCode} <- ${JSON.stringify(req).slice(0, 300)}`,
          );
      });
      const diff = changed(before, await rowCounts());
      if (diff.length) writes.push(`${route.method} ${route.url} (seed ${SEED + index}): ${diff.join(', ')}`);
      invalidCount += invalid.length;
      // Boundary input the contract accepts: handlers run and may write; they must still not fail.
      await inBatches(valid, async (req) => {
        const res = await send(route, req, headers);
        record(req, res.statusCode, res.body);
      });
      const took = Date.now() - routeStarted;
      if (took > 1000) slow.push(`${route.method} ${route.url} ${took} ms`);
    }
    console.log(
      `contract fuzz: seed ${SEED}, ${routes.length} routes, ${requests} requests ` +
        `(${invalidCount} invalid, ${requests - invalidCount} boundary-valid), ${serverErrors.length} 5xx, ` +
        `${writes.length} routes wrote on invalid input, ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${(settleMs / 1000).toFixed(1)} s waiting for queued jobs)`,
    );
    if (serverErrors.length) console.log(`5xx:\n${serverErrors.join('\n')}`);
    if (accepted.length) console.log(`invalid input accepted:\n${accepted.join('\n')}`);
    if (slow.length && process.env.FUZZ_VERBOSE) console.log(`slow routes:\n${slow.join('\n')}`);
    if (writes.length) console.log(`writes on invalid input:\n${writes.join('\n')}`);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS);
    expect(writes).toEqual([]);
    expect(accepted).toEqual([]);
    expect(serverErrors).toEqual([]);
  }, 300_000);
});
