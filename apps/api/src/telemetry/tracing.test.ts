import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { defineJob } from '../jobs';

/** Issue 19: with OTEL_EXPORTER_OTLP_ENDPOINT set, requests, queries and jobs make spans (here kept in memory). */
describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  let ran = false;
  beforeAll(async () => {
    t = await createTestApp(
      { tracing: { endpoint: 'http://127.0.0.1:4318', serviceName: 'dance-api-test' } },
      { spanExporter: exporter },
    );
    t.app.jobs.add(
      defineJob({
        name: 'tracing-test',
        options: { retryLimit: 0 },
        pollingIntervalSeconds: 0.5,
        handler: async () => {
          ran = true;
        },
      }),
    );
  });
  afterAll(() => t.close());

  it('makes a server span per request, named by its route pattern and joining the caller’s trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await t.app.inject({
      url: '/api/v1/categories',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const span = exporter.getFinishedSpans().find((s) => s.name === 'GET /api/v1/categories');
    expect(span).toBeDefined();
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.attributes['http.route']).toBe('/api/v1/categories');
    expect(span!.attributes['http.response.status_code']).toBe(200);
    expect(span!.resource.attributes['service.name']).toBe('dance-api-test');

    // On PostgreSQL each query of the request is a child span in the same trace.
    if (t.database.driver === 'postgres') {
      const queries = exporter
        .getFinishedSpans()
        .filter((s) => s.name === 'db.query' && s.spanContext().traceId === traceId);
      expect(queries.length).toBeGreaterThan(0);
      expect(String(queries[0]!.attributes['db.query.text'])).toMatch(/select/i);
    }
  });

  it('makes a span per job a worker runs', async () => {
    await t.app.jobs.send('tracing-test', {});
    await expect.poll(() => ran, { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => exporter.getFinishedSpans().some((s) => s.name === 'job tracing-test'), { timeout: 5000 })
      .toBe(true);
  });
});

describe('tracing off (the default)', () => {
  it('leaves app.tracing null', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.tracing).toBeNull();
    } finally {
      await t.close();
    }
  });
});
