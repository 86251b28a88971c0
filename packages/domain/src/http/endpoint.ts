import { z } from 'zod';

/** The one error body of the API (RFC 9457 problem+json), with a stable code and the human message. */
export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  /** Field errors of a validation failure: field path -> message. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Extra, code-specific details (for example which dialog a sign-up conflict needs). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TProblem = z.infer<typeof ZProblem>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, any signed-in user (CSRF checked for cookie mutations), or staff. */
export type EndpointAuth = 'public' | 'session' | 'admin';

export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  /** Path under /api/v1, with :params. */
  path: string;
  summary: string;
  tags: string[];
  /**
   * Who may call it. route() enforces it before validation (no session 401, a member on admin 403, a cookie
   * mutation without its CSRF token 403) and hands the handler the caller typed by it.
   */
  auth: TAuth;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  /** The success response; status is `successStatus` (200 unless set). */
  response: TResponse;
  successStatus?: 200 | 201 | 202 | 204;
  /** Error codes of its own it may answer with (OpenAPI); route() adds those its input, auth and rate limit imply. */
  errors: readonly string[];
}

/** Declares one endpoint: the single source for the server's validation, the OpenAPI and the typed client. */
export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
>(
  endpoint: Endpoint<TBody, TQuery, TParams, TResponse, TAuth>,
): Endpoint<TBody, TQuery, TParams, TResponse, TAuth> {
  return endpoint;
}

export const API_PREFIX = '/api/v1';

export const ZOk = z.object({ ok: z.literal(true), message: z.string().optional() });
