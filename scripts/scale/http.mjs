// A small HTTP client on node:http for the scale proof: requests from a chosen loopback address (each
// 127.x.y.z is its own client to Caddy and to the rate limit), keep-alive connections, streamed bodies.
import http from 'node:http';
import { Readable } from 'node:stream';

const agents = new Map();

/** One keep-alive agent per source address, as one browser per client would have. */
function agentFor(localAddress, maxSockets) {
  const key = `${localAddress ?? '-'}|${maxSockets}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets, localAddress });
    agents.set(key, agent);
  }
  return agent;
}

export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * Sends one request; resolves with { status, headers, text, json() } or rejects on a connection error.
 * body: a string, a Buffer, an object (sent as JSON) or a Readable (streamed as it comes).
 */
export function request(
  method,
  url,
  { headers = {}, body, localAddress, timeoutMs = 30_000, maxSockets = 8 } = {},
) {
  return new Promise((resolve, reject) => {
    let payload = body;
    const allHeaders = { ...headers };
    if (
      payload &&
      !(payload instanceof Readable) &&
      !Buffer.isBuffer(payload) &&
      typeof payload !== 'string'
    ) {
      payload = JSON.stringify(payload);
      allHeaders['content-type'] ??= 'application/json';
    }
    const req = http.request(url, {
      method,
      headers: allHeaders,
      agent: agentFor(localAddress, maxSockets),
      localAddress,
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode,
          headers: res.headers,
          text,
          json: () => JSON.parse(text),
        });
      });
    });
    if (payload instanceof Readable) payload.pipe(req);
    else req.end(payload);
  });
}

/** A body that sends `bytes` in `parts` pieces spread over `durationMs`: an upload on a slow line. */
export function slowBody(bytes, { parts = 20, durationMs = 3000 } = {}) {
  const size = Math.ceil(bytes.length / parts);
  async function* pieces() {
    for (let offset = 0; offset < bytes.length; offset += size) {
      yield bytes.subarray(offset, offset + size);
      await new Promise((r) => setTimeout(r, durationMs / parts));
    }
  }
  return Readable.from(pieces());
}

/** The cookie header of a response's Set-Cookie lines. */
export function cookiesOf(res) {
  const lines = res.headers['set-cookie'] ?? [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/**
 * Steady traffic: `rps` requests a second spread over `addresses` (each its own client), until stop() is called.
 * Counts answers by status and connection errors; a request is never retried by the client.
 */
export function steadyTraffic({ url, addresses, rps, maxInFlight = 200 }) {
  const stats = { sent: 0, byStatus: {}, errors: 0, errorSamples: [], latencies: [] };
  let isStopped = false;
  let inFlight = 0;
  const pending = new Set();
  const interval = 1000 / rps;
  const started = performance.now();
  const loop = (async () => {
    let next = performance.now();
    while (!isStopped) {
      const now = performance.now();
      if (now < next) {
        await new Promise((r) => setTimeout(r, Math.min(next - now, 20)));
        continue;
      }
      // Catch up by sending the slots that are due, without bursting past maxInFlight.
      while (next <= performance.now() && inFlight < maxInFlight && !isStopped) {
        next += interval;
        const localAddress = addresses[stats.sent % addresses.length];
        stats.sent += 1;
        inFlight += 1;
        const t0 = performance.now();
        const p = request('GET', url, { localAddress, timeoutMs: 15_000, maxSockets: 4 })
          .then((res) => {
            stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
            stats.latencies.push(performance.now() - t0);
          })
          .catch((error) => {
            stats.errors += 1;
            if (stats.errorSamples.length < 5) stats.errorSamples.push(String(error.message ?? error));
          })
          .finally(() => {
            inFlight -= 1;
            pending.delete(p);
          });
        pending.add(p);
      }
      if (inFlight >= maxInFlight) await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    stats,
    async stop() {
      isStopped = true;
      await loop;
      await Promise.all(pending);
      stats.seconds = (performance.now() - started) / 1000;
      return stats;
    },
  };
}

/** Addresses 127.<a>.<b>.1..count: a block of clients of their own for one run (the rate limit is per minute). */
export function addressBlock(count, seed = Math.floor(Math.random() * 200) + 20) {
  return Array.from({ length: count }, (_, i) => `127.${seed}.${10 + Math.floor(i / 250)}.${1 + (i % 250)}`);
}
