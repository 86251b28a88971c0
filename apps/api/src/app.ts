import { mkdirSync } from 'node:fs';
import { MESSAGES } from '@dance/domain';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPixelAnalytics, type MarketingAnalytics } from './adapters/analytics';
import { type BillingProvider, createBillingProvider } from './adapters/billing';
import {
  createLocalFileStore,
  createS3FileStore,
  type FileStore,
  filesRoot,
  UPLOAD_HEADERS,
} from './adapters/files';
import { createOutboxMailSender, createSmtpMailSender, type MailSender } from './adapters/mail';
import { createWebPushSender, loadVapidKeys, type PushSender } from './adapters/push';
import { createVideoAdapters, type VideoAdapters } from './adapters/video';
import type { AppConfig } from './config/env';
import { type Database, type Db, openDatabase, SEED_LOCK_ID, withPostgresLock } from './db/client';
import { DatabaseLoadShedder } from './db/pressure';
import { seedDemo } from './demo';
import { jobsPlugin } from './jobs';
import { createRequestIdGenerator } from './lib/request-id';
import { accountRoutes } from './modules/account/routes';
import { addVideoRoutes } from './modules/add-videos/routes';
import { adminInstructorRoutes } from './modules/admin-instructors/routes';
import { likesWindowsJob } from './modules/admin-overview/jobs';
import { adminOverviewRoutes } from './modules/admin-overview/routes';
import { adminReactionRoutes } from './modules/admin-reactions/routes';
import { adminTaxonomyRoutes } from './modules/admin-taxonomy/routes';
import { adminUploadRoutes } from './modules/admin-upload/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { adminVideoRoutes } from './modules/admin-videos/routes';
import { deleteExpiredSessionsJob } from './modules/auth/jobs';
import { authRoutes } from './modules/auth/routes';
import { bannerRoutes } from './modules/banners/routes';
import { billingRoutes, leadTrackingPlugin } from './modules/billing/plugin';
import { catalogueRoutes } from './modules/catalogue/routes';
import { commentRoutes } from './modules/comments/routes';
import { devRoutes } from './modules/dev/routes';
import { imageMetadataBackfillJob, imageVariantsBackfillJob } from './modules/files/jobs';
import { filesRoutes } from './modules/files/routes';
import { livenessRoutes, readinessRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { playbackRoutes } from './modules/playback/routes';
import { playlistRoutes } from './modules/playlists/routes';
import { popupRoutes } from './modules/popups/routes';
import { practiceRoutes } from './modules/practice/routes';
import { productRoutes } from './modules/products/routes';
import { progressRoutes } from './modules/progress/routes';
import { reactionsRoutes } from './modules/reactions/routes';
import { recommendationsRoutes } from './modules/recommendations/routes';
import { releaseAuditRoutes } from './modules/release-audit/routes';
import { releasesPlugin } from './modules/releases/plugin';
import { shareRoutes } from './modules/share/routes';
import { sitemapRefreshJob } from './modules/sitemap/jobs';
import { sitemapRoutes } from './modules/sitemap/routes';
import { studioAssignmentRoutes } from './modules/studio-assignments/routes';
import { studioSeatRoutes } from './modules/studio-seats/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { trcRoutes } from './modules/trc/routes';
import { videoPipeline } from './modules/videos-media/routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, notFoundHandler, sendProblem } from './plugins/errors';
import { livePlugin, liveRoutes } from './plugins/live';
import { openApiDocs, openApiPlugin } from './plugins/openapi';
import { connectRedis, countRateLimitStoreErrors } from './plugins/redis';
import { securityHeadersPlugin } from './plugins/security-headers';
import { AppMetrics, countRequests } from './telemetry/metrics';
import { type SpanExporterLike, startTracing, type Tracing } from './telemetry/tracing';

/** A database queue drains in a moment: clients may retry sooner than after an event-loop overload. */
const DB_OVERLOAD_RETRY_AFTER_SECONDS = 2;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mail: MailSender;
    files: FileStore;
    video: VideoAdapters;
    billing: BillingProvider;
    analytics: MarketingAnalytics;
    /** Web Push with the app's VAPID keys (from the environment, else generated once into DATA_DIR). */
    push: PushSender;
    /** Sheds load in front of the database (null when MAX_DB_QUEUE_MS is 0); its counts are read by tests. */
    loadShedder: DatabaseLoadShedder | null;
    /** Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set; null otherwise. */
    tracing: Tracing | null;
    /** The shared Redis when REDIS_URL is set. */
    redis: import('ioredis').Redis | null;
    /** Set on SIGTERM: /ready answers 503 while the process still serves (server.ts). */
    lifecycle: { draining: boolean };
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** Overrides the mail sender (tests). */
  mail?: MailSender;
  /** Sees every route as it is registered, in every context (tests enumerate the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where spans go when config.tracing is set (tests pass an in-memory exporter); default OTLP/HTTP. */
  spanExporter?: SpanExporterLike;
}

/** The API as a Fastify instance, ready for `inject` in tests or `listen` in server.ts. */
export async function buildApp({
  config,
  database,
  mail,
  onRoute,
  spanExporter,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Registering the modules compiles every contract's schemas and, on first start, seeds: on a busy 2-core
    // machine that outlasts Fastify's 10 s per plugin, and a slow start is not a broken one.
    pluginTimeout: 60_000,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-csrf-token"]',
              'res.headers["set-cookie"]',
            ],
            ...(config.env === 'development'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    // A hop count as proxy-addr reads it (trust the nearest n hops); Fastify's types take it only as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    // The header is read by the generator, which keeps a caller's id only when it is short and safe.
    requestIdHeader: false,
    genReqId: createRequestIdGenerator(),
    // Probes log nothing at info level (their logger is warn-level): skip building their request log lines.
    logController: new LogController({ disableRequestLogging: (request) => request.url === '/health' }),
    routerOptions: { ignoreTrailingSlash: true },
    // A rolling restart (issue 19): while closing, requests on connections already open are still served (not
    // 503), idle keep-alive connections are closed at once, busy ones after their answer.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDatabase,
      migrate: config.migrateOnStart,
    }));
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('lifecycle', { draining: false });
  // Draining: each answer closes its connection, so the client's next request opens one to a process that
  // stays, and no keep-alive connection holds the close (Fastify keeps idle ones 72 s).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  if (!database) app.addHook('onClose', async () => db.close());
  // A worker answers its probes only (an orchestrator checks it like a web process).
  if (config.role === 'worker')
    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?')[0];
      if (path === '/health' || path === '/ready') return done();
      sendProblem(reply, request, 'NOT_FOUND', 'This worker process serves only /health and /ready.');
    });
  // Tracing first, so its hooks see every request (nothing of OpenTelemetry loads when it is off).
  const tracing = config.tracing ? await startTracing(app, db, config.tracing, spanExporter) : null;
  app.decorate('tracing', tracing);
  if (tracing) app.addHook('onClose', async () => tracing.shutdown());
  app.decorate('metrics', new AppMetrics(app, db));
  countRequests(app);
  app.decorate(
    'mail',
    app.metrics.countMail(
      mail ??
        (config.smtpUrl
          ? createSmtpMailSender(config.smtpUrl, config.mailFrom)
          : createOutboxMailSender(db.db)),
    ),
  );
  const redis = config.redis ? await connectRedis(config.redis.url, app.log) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  await app.register(errorsPlugin);
  await app.register(openApiPlugin);

  // Services every feature uses, on the root so tests and seeds reach them too.
  const filesDir = filesRoot(config.dataDir);
  mkdirSync(filesDir, { recursive: true });
  app.decorate('files', config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(filesDir));
  app.decorate('video', createVideoAdapters(config, db.db, app.files));
  app.decorate('billing', createBillingProvider(config, db.db));
  app.decorate(
    'push',
    app.metrics.countPush(
      createWebPushSender(loadVapidKeys(config), {
        allowInsecureEndpoints: config.push.allowInsecureEndpoints,
      }),
    ),
  );
  app.decorate('analytics', createPixelAnalytics(config.metaPixelId, app.log));
  app.addHook('onClose', async () => app.analytics.flush());
  // Live channels (Server-Sent Events, fanned out through LISTEN/NOTIFY on PostgreSQL); the route is in webApi.
  await app.register(livePlugin, { heartbeatMs: config.env === 'test' ? 1000 : 25_000 });
  app.decorate(
    'loadShedder',
    config.maxDbQueueMs > 0
      ? new DatabaseLoadShedder(() => db.ping(), {
          limitMs: config.maxDbQueueMs,
          probeIntervalMs: Math.min(100, config.maxDbQueueMs),
          driverQueueDelayMs: db.queueDelayMs ? () => db.queueDelayMs!() : undefined,
        })
      : null,
  );

  // Background jobs: the modules add theirs as they register; pg-boss starts at boot on a server, at the first
  // job sent in tests.
  await app.register(jobsPlugin, {
    // A web process starts pg-boss at its first job sent: it runs no handlers.
    startEagerly: !config.inMemoryDatabase && config.role !== 'web',
    pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2,
  });
  // The midnight release job (issue 17): on the root, where jobs run.
  await app.register(releasesPlugin);

  // Liveness sits outside the web API's context, so none of its hooks (under-pressure, security headers, CORS,
  // rate limit, cookies, sessions) run for it: a probe answers while the process lives (decision 0011).
  await app.register(livenessRoutes);
  await app.register(webApi, { filesDir });
  return app;
}

/**
 * Everything browsers and clients call, in one encapsulated context: its hooks apply to its routes and its
 * 404s, not to the liveness probe.
 */
async function webApi(app: FastifyInstance, { filesDir }: { filesDir: string }) {
  const { config } = app;
  // Every answer of the web API carries its request id, 404s and errors included (the logs carry it too).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(underPressure, {
    // Shed load on a long event-loop delay only: utilisation alone is high on any busy but healthy process.
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval: Math.min(1000, Math.max(5, config.maxEventLoopDelayMs)),
    retryAfter: 10,
  });
  // The database's queue (issue 13, finding 11): under a burst, requests wait for the database while the event
  // loop idles. Shed them here, before anything queries, while a query waits longer than MAX_DB_QUEUE_MS.
  const shedder = app.loadShedder;
  if (shedder) {
    app.addHook('onRequest', (request, reply, done) => {
      // A live stream stays open for minutes: it is not a request waiting for the database.
      if (request.routeOptions.config.longLived) return done();
      if (shedder.admit()) {
        // 'close' fires once the answer is sent and also when the client hangs up, even after its body was
        // read (onRequestAbort does not fire then, and a leaked slot would be lost until restart).
        reply.raw.once('close', () => shedder.release());
        return done();
      }
      reply.header('retry-after', DB_OVERLOAD_RETRY_AFTER_SECONDS);
      sendProblem(reply, request, 'OVERLOADED', MESSAGES.overloaded);
    });
  }
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Plain-HTTP development must not be upgraded to HTTPS.
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
  });
  await app.register(cors, { origin: [config.memberAppUrl, config.adminAppUrl], credentials: true });
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // With REDIS_URL the counts are shared by every process; while Redis is down, requests pass (decision 0044).
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${config.redis!.keyPrefix}rate-limit:`, skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: MESSAGES.rateLimited,
      retryAfter: context.after,
    }),
  });
  if (app.redis)
    countRateLimitStoreErrors(app.redis, (err) => {
      app.metrics.rateLimitStoreErrors.inc();
      app.log.debug({ err }, 'rate limit store unreachable; request let through');
    });
  await app.register(cookie);
  app.setNotFoundHandler(notFoundHandler);

  await app.register(openApiDocs);

  // Files of the local file store (demo thumbnails, uploads), served with long caching: names never change.
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: '/files/',
    maxAge: '7d',
    immutable: true,
    index: false,
    list: false,
    // Uploaded files never run: no scripts even inside an SVG opened directly.
    // nosniff is also set by the security headers of every answer; set here so the policy is in one place.
    setHeaders: (res) => {
      res.headers(UPLOAD_HEADERS);
    },
  });

  await app.register(authPlugin);
  await app.register(liveRoutes);
  await app.register(leadTrackingPlugin);
  await app.register(readinessRoutes);
  await app.register(authRoutes);
  app.jobs.add(deleteExpiredSessionsJob);
  await app.register(filesRoutes);
  await app.register(catalogueRoutes);
  await app.register(adminVideoRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminInstructorRoutes);
  await app.register(adminUserRoutes);
  await app.register(addVideoRoutes);
  await app.register(productRoutes);
  await app.register(bannerRoutes);
  await app.register(popupRoutes);
  await app.register(billingRoutes);
  await app.register(subscriptionRoutes);
  await app.register(accountRoutes);
  await app.register(studioSeatRoutes);
  await app.register(playlistRoutes);
  await app.register(videoPipeline);
  await app.register(playbackRoutes);
  await app.register(progressRoutes);
  await app.register(practiceRoutes);
  await app.register(studioAssignmentRoutes);
  await app.register(reactionsRoutes);
  await app.register(commentRoutes);
  await app.register(recommendationsRoutes);
  await app.register(adminUploadRoutes);
  await app.register(adminReactionRoutes);
  await app.register(adminOverviewRoutes);
  app.jobs.add(likesWindowsJob);
  app.jobs.add(imageVariantsBackfillJob);
  app.jobs.add(imageMetadataBackfillJob);
  await app.register(sitemapRoutes);
  app.jobs.add(sitemapRefreshJob);
  await app.register(shareRoutes);
  await app.register(releaseAuditRoutes);
  await app.register(trcRoutes);
  await app.register(notificationRoutes);
  if (config.env !== 'production' && !config.smtpUrl) await app.register(devRoutes);

  if (config.seedDemoData) {
    // Each seeder adds only what is missing, so processes that start together take turns (PGlite has one).
    if (config.databaseUrl) await withPostgresLock(config.databaseUrl, SEED_LOCK_ID, () => seedDemo(app));
    else await seedDemo(app);
  }
}
