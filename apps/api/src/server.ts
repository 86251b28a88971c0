import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config/env';
import { drainAndClose } from './lifecycle';
import { listenMetrics } from './telemetry/metrics';

/** Starts the API (or the worker) and stops it gracefully on SIGINT/SIGTERM. */
async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let isClosing = false;
  let metricsServer: Server | null = null;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: readiness off, draining');
    // In-flight requests and a job's graceful stop (5 s) get their time after the grace period.
    const timer = setTimeout(() => process.exit(1), config.shutdownGraceMs + 20_000);
    timer.unref();
    await drainAndClose(app, config.shutdownGraceMs, metricsServer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  if (config.metrics.port > 0) {
    // Metrics are not worth an outage: a taken port is logged and the API serves on (two dev servers).
    metricsServer = await listenMetrics(app.metrics, config.metrics.host, config.metrics.port).catch(
      (err: unknown) => {
        app.log.error({ err, port: config.metrics.port }, 'metrics listener not started');
        return null;
      },
    );
  }
  app.log.info(
    { node: process.version, role: config.role, metricsPort: config.metrics.port || null },
    'running on Node %s as %s',
    process.version,
    config.role,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
