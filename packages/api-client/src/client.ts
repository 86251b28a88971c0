import type { Endpoint, ErrorCode, TProblem } from '@dance/domain';
import type { z } from 'zod';
import type { Route } from './routes';

/** The message of a failed reply that carries no message of ours (issue 22 item 8: no status codes on screen). */
export const UNREADABLE_REPLY_TEXT = 'The service did not answer as expected. Please try again in a moment.';

/** The API's base path (API_PREFIX of @dance/domain, repeated here so the first page loads no zod). */
const API_BASE_PATH = '/api/v1';

/** Reads a problem+json body by hand: parsing it with the zod contract would put zod on the first page. */
function readProblem(payload: unknown): TProblem | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const body = payload as Record<string, unknown>;
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return null;
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const fields = isRecord(body.fields)
    ? Object.fromEntries(
        Object.entries(body.fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : undefined;
  return {
    type: typeof body.type === 'string' ? body.type : 'about:blank',
    title: typeof body.title === 'string' ? body.title : body.code,
    status: typeof body.status === 'number' ? body.status : 0,
    code: body.code,
    message: body.message,
    ...(typeof body.requestId === 'string' ? { requestId: body.requestId } : {}),
    ...(fields ? { fields } : {}),
    ...(isRecord(body.details) ? { details: body.details } : {}),
  };
}

/** An answer of the API other than success, carrying the problem body's stable code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN';
  readonly problem: TProblem | null;
  constructor(status: number, code: ApiError['code'], message: string, problem: TProblem | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.problem = problem;
  }
  /** A field's message from a validation failure. */
  field(name: string): string | undefined {
    return this.problem?.fields?.[name];
  }
}

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type BodyOf<E> = E extends Endpoint<infer B, infer _Q, infer _P, infer _R> ? B : never;
type QueryOf<E> = E extends Endpoint<infer _B, infer Q, infer _P, infer _R> ? Q : never;
type ParamsOf<E> = E extends Endpoint<infer _B, infer _Q, infer P, infer _R> ? P : never;
export type ResponseOf<E> = E extends Endpoint<infer _B, infer _Q, infer _P, infer R> ? z.output<R> : never;

export type CallOptions<E extends Endpoint> = ([BodyOf<E>] extends [z.ZodType]
  ? { body: Input<BodyOf<E>> }
  : { body?: undefined }) &
  ([QueryOf<E>] extends [z.ZodType] ? { query: Input<QueryOf<E>> } : { query?: undefined }) &
  ([ParamsOf<E>] extends [z.ZodType] ? { params: Input<ParamsOf<E>> } : { params?: undefined }) & {
    signal?: AbortSignal;
  };

export interface ApiClientOptions {
  /** Where the API lives; the apps use the same origin (`/api/v1`, proxied in development). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Mobile and other API clients send a bearer token; the web apps rely on the httpOnly cookie. */
  getBearerToken?: () => string | null;
}

const SESSION_LOST: ReadonlySet<string> = new Set(['UNAUTHENTICATED', 'SESSION_EXPIRED']);

/**
 * The typed client: one `call` per endpoint contract, so paths, bodies and answers can never drift
 * from what the server validates.
 */
/** The error of a reply that is not ok: our problem body's code and message, else plain words. */
function errorOfReply(status: number, payload: unknown): ApiError {
  const problem = readProblem(payload);
  const code = (problem?.code ?? 'UNKNOWN') as ApiError['code'];
  // A reply without our problem body (a proxy's 502 page, an HTML error) gets plain words, not its status text.
  return new ApiError(status, code, problem?.message ?? UNREADABLE_REPLY_TEXT, problem);
}

/**
 * POSTs a multipart form (uploads cannot go through `call`'s JSON body) with the session's CSRF token and
 * answers the reply's JSON; failures are the same ApiErrors as `call`'s.
 */
export async function postForm(url: string, form: FormData, csrfToken: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { 'x-csrf-token': csrfToken, accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'No response from the server.', null);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOfReply(response.status, payload);
  return payload;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_BASE_PATH;
  let csrfToken: string | null = null;
  let hasSession = false;
  let onSessionExpired: (() => void) | null = null;

  function buildUrl(
    endpoint: Endpoint | Route,
    params?: Record<string, unknown>,
    query?: Record<string, unknown>,
  ): string {
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      // Arrays are comma-joined (spec 1 §9); empty values are left out.
      const text = Array.isArray(value) ? value.join(',') : String(value);
      if (text !== '') search.set(key, text);
    }
    const qs = search.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  /** Calls an endpoint, given its contract or its Route (see routes.ts). */
  async function call<E extends Endpoint>(
    endpoint: E | Route<E>,
    opts: CallOptions<E> = {} as CallOptions<E>,
  ): Promise<ResponseOf<E>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (endpoint.method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
    const bearer = options.getBearerToken?.();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(
        buildUrl(endpoint, opts.params as Record<string, unknown>, opts.query as Record<string, unknown>),
        {
          method: endpoint.method,
          headers,
          credentials: 'include',
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: opts.signal,
        },
      );
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'No response from the server.', null);
    }
    if (response.status === 204) return undefined as ResponseOf<E>;
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorOfReply(response.status, payload);
      if (response.status === 401 && SESSION_LOST.has(error.code) && hasSession) {
        hasSession = false;
        csrfToken = null;
        onSessionExpired?.();
      }
      throw error;
    }
    return payload as ResponseOf<E>;
  }

  return {
    call,
    buildUrl,
    /** Remember the session's CSRF token (from login, sign-up or the session call). */
    setSession(session: { csrfToken: string } | null) {
      csrfToken = session?.csrfToken ?? null;
      hasSession = session !== null;
    },
    /** The one place that reacts to a lost session; the app clears its state, toasts and navigates. */
    setSessionExpiredHandler(handler: (() => void) | null) {
      onSessionExpired = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
