import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix per process and a counter, e.g. `9f2c41d07a3b-1k3`. Unique across processes and
 * restarts, readable in logs, and far cheaper than a UUID on every request (decision 0011).
 */
export function createRequestIdGenerator(): () => string {
  const processPrefix = randomBytes(6).toString('hex');
  let sequence = 0;
  return () => {
    sequence += 1;
    return `${processPrefix}-${sequence.toString(36)}`;
  };
}
