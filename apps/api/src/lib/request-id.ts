import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A client's (or the reverse proxy's) x-request-id is kept only when it is short and made of safe characters:
 * it is echoed in a header, written to every log line and shown in problem bodies, so CR/LF, markup or a
 * megabyte of text must never pass through (issue 13, finding 12).
 */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids: the caller's x-request-id when it matches SAFE_REQUEST_ID, otherwise a random prefix per process
 * and a counter, e.g. `9f2c41d07a3b-1k3`. Unique across processes and restarts, readable in logs, and far
 * cheaper than a UUID on every request (decision 0011).
 */
export function createRequestIdGenerator(): (request?: IncomingMessage) => string {
  const processPrefix = randomBytes(6).toString('hex');
  let sequence = 0;
  return (request) => {
    const supplied = request?.headers['x-request-id'];
    if (typeof supplied === 'string' && SAFE_REQUEST_ID.test(supplied)) return supplied;
    sequence += 1;
    return `${processPrefix}-${sequence.toString(36)}`;
  };
}
