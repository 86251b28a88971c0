import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';

/**
 * OpenTelemetry tracing (issue 19), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set: nothing of OpenTelemetry
 * is loaded otherwise (start-up stays fast). Spans are made by hand with the maintained API and SDK (decision
 * 0045): one per HTTP request (named by the route pattern, joining a caller's `traceparent`), one per database
 * query outside a transaction and one per transaction (PostgreSQL), one per job a worker runs.
 */
export interface Tracing {
  /** Runs a job inside its span. */
  job<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** A span exporter, as the SDK defines it (tests pass an in-memory one). */
export type SpanExporterLike = import('@opentelemetry/sdk-trace').SpanExporter;

export async function startTracing(
  app: FastifyInstance,
  database: Database,
  config: NonNullable<AppConfig['tracing']>,
  exporter?: SpanExporterLike,
): Promise<Tracing> {
  const api = await import('@opentelemetry/api');
  const { TracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import(
    '@opentelemetry/sdk-trace'
  );
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');

  let processor: import('@opentelemetry/sdk-trace').SpanProcessor;
  if (exporter) processor = new SimpleSpanProcessor({ exporter });
  else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const url = `${config.endpoint.replace(/\/$/, '')}/v1/traces`;
    processor = new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) });
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [processor],
  });
  // The context manager carries the request's span into its queries (AsyncLocalStorage); set once per process.
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracer = provider.getTracer('dance-api');
  const { SpanKind, SpanStatusCode } = api;

  // HTTP: the span starts at onRequest, and the rest of the request runs inside its context.
  const spans = new WeakMap<object, import('@opentelemetry/api').Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
    const routePattern = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${routePattern}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': routePattern,
          'url.path': request.url.split('?')[0]!,
        },
      },
      parent,
    );
    spans.set(request, span);
    api.context.with(api.trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });

  database.observe?.({
    query(text) {
      const span = tracer.startSpan(
        'db.query',
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2000) },
        },
        api.context.active(),
      );
      return (error) => {
        if (error)
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
        span.end();
      };
    },
    transaction() {
      const span = tracer.startSpan(
        'db.transaction',
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql' } },
        api.context.active(),
      );
      return () => span.end();
    },
  });

  return {
    job(queue, jobId, run) {
      return tracer.startActiveSpan(
        `job ${queue}`,
        { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': queue, 'job.id': jobId } },
        async (span) => {
          try {
            return await run();
          } catch (error) {
            span.setStatus({
              code: SpanStatusCode.ERROR,
              message: error instanceof Error ? error.message : String(error),
            });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
