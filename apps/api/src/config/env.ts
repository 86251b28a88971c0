import { z } from 'zod';

/** Read a boolean environment variable ("true"/"1"/"yes"). */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Where PGlite keeps its data (and later, local media and files). */
  DATA_DIR: z.string().default('.data'),
  MEMBER_APP_URL: z.url().default('http://localhost:5173'),
  ADMIN_APP_URL: z.url().default('http://localhost:5174'),
  /** Public URL of the API itself, used in links it generates (dev outbox page). */
  PUBLIC_API_URL: z.url().optional(),
  COOKIE_DOMAIN: z.string().optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /**
   * Which X-Forwarded-For entries to believe: a hop count (1 behind one proxy such as our Caddy, the safe choice:
   * the client's own entries stay untrusted), a comma-separated list of proxy addresses or CIDRs, or true (every
   * entry; safe only behind a proxy that replaces the header, as Caddy does by default).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      const value = (v ?? '').trim();
      if (['', 'false', '0', 'no'].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return true;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY: false, true, a hop count or a list of proxy addresses',
      });
      return z.NEVER;
    }),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Dance Training <no-reply@dancetraining.example>'),
  /** Seed the demo accounts and catalogue when the database is empty (on by default outside production). */
  SEED_DEMO_DATA: flag(true).optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Answer 503 while the event loop lags more than this (0 turns the guard off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Answer 503 while a query waits longer than this for the database (0 turns the guard off). */
  MAX_DB_QUEUE_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** S3-compatible object storage for uploads; without S3_BUCKET files stay on local disk under DATA_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  /** Chargebee billing; without CHARGEBEE_SITE the embedded sandbox checkout and portal are used. */
  CHARGEBEE_SITE: z.string().optional(),
  CHARGEBEE_API_KEY: z.string().optional(),
  CHARGEBEE_WEBHOOK_USERNAME: z.string().optional(),
  CHARGEBEE_WEBHOOK_PASSWORD: z.string().optional(),
  /** Social-ads pixel id for sign-up and plan events; without it no event is sent. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  /** Vimeo API token for video import; without it videos are imported from the local media library. */
  VIMEO_TOKEN: z.string().optional(),
  /** Shopify Storefront API; without it products are kept in the database only. */
  SHOPIFY_STORE_DOMAIN: z.string().optional(),
  SHOPIFY_STOREFRONT_TOKEN: z.string().optional(),
  /** Mux (video provider); without MUX_TOKEN_ID videos are processed locally with ffmpeg. */
  MUX_TOKEN_ID: z.string().optional(),
  MUX_TOKEN_SECRET: z.string().optional(),
  MUX_WEBHOOK_SECRET: z.string().optional(),
  MUX_SIGNING_KEY: z.string().optional(),
  /** The signing key's private key: a PEM or base64-encoded PEM string. */
  MUX_PRIVATE_KEY: z.string().optional(),
  MUX_BASE_URL: z.url().optional(),
  /** Secret of the local provider's signed media URLs (generated and kept under DATA_DIR when unset). */
  MEDIA_URL_SECRET: z.string().min(32).optional(),
  /** Secret of the one-click unsubscribe links in mails (generated and kept under DATA_DIR when unset). */
  UNSUBSCRIBE_SECRET: z.string().min(32).optional(),
  /** Lifetime of signed playback URLs. */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(6 * 3600),
  /** Demo media generated at seed: all, none, or how many videos (tests keep it short). */
  DEMO_MEDIA: z.union([z.enum(['all', 'none']), z.coerce.number().int().min(0)]).optional(),
  VIDEO_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(20_000).default(2048),
  /** Per-user total of stored image uploads (POST /files). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Per-user total of stored video uploads (the admin upload wizard). */
  VIDEO_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(102_400),
  /** Web Push (VAPID) keys; without them a pair is generated on first run and kept under DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The contact push services see in the VAPID token: mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto: or https: URL')
    .optional(),
  /**
   * What this process runs: `web` (HTTP only; it may send jobs), `worker` (job handlers and schedules; HTTP
   * only for /health and /ready), or `all` (both). web and worker need DATABASE_URL.
   */
  APP_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /** Redis for state shared by every process (rate limits); without it each process keeps its own. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key (several deployments may share one Redis). */
  REDIS_KEY_PREFIX: z.string().max(100).default('dance:'),
  /** After SIGTERM: how long /ready answers 503 while the process still serves, before it stops listening. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Prometheus metrics at GET /metrics on this port (0 turns the listener off). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** The metrics listener's address: keep it internal. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** OpenTelemetry tracing: spans are sent to this OTLP/HTTP collector; unset, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  /** Apply database migrations at start (false when a deploy runs `node dist/migrate.js` as its own step). */
  MIGRATE_ON_START: flag(true),
});

export type Env = z.infer<typeof ZEnv>;

export type AppRole = Env['APP_ROLE'];

export interface AppConfig {
  env: Env['NODE_ENV'];
  /** web: HTTP only; worker: jobs (and the probes); all: both. */
  role: AppRole;
  /** Shared Redis (rate limits); null: in-process stores. */
  redis: { url: string; keyPrefix: string } | null;
  /** After SIGTERM, how long the process keeps serving with /ready at 503 before it stops listening. */
  shutdownGraceMs: number;
  /** The Prometheus listener (port 0: none). */
  metrics: { port: number; host: string };
  /** OTLP/HTTP endpoint of the tracing collector; null: tracing off (nothing of OpenTelemetry is loaded). */
  tracing: { endpoint: string; serviceName: string } | null;
  /** Migrate at start (PostgreSQL); the embedded database always migrates. */
  migrateOnStart: boolean;
  /** How often a process re-reads the catalogue version that keys its caches (0: on every lookup). */
  catalogueVersionCheckMs: number;
  host: string;
  port: number;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  databaseUrl: string | null;
  dataDir: string;
  /** In-memory database (tests). */
  inMemoryDatabase: boolean;
  memberAppUrl: string;
  adminAppUrl: string;
  publicApiUrl: string;
  /** HMAC secret of unsubscribe links; null: generated once into DATA_DIR. */
  unsubscribeSecret: string | null;
  cookie: { domain: string | undefined; secure: boolean };
  trustProxy: boolean | number | string[];
  smtpUrl: string | null;
  mailFrom: string;
  seedDemoData: boolean;
  rateLimitMax: number;
  maxEventLoopDelayMs: number;
  /** Shed load (503 OVERLOADED) while a query waits longer than this for the database; 0 = off. */
  maxDbQueueMs: number;
  /** Web Push: VAPID keys (null: generated into DATA_DIR), the subject, and whether http endpoints are allowed. */
  push: {
    publicKey: string | null;
    privateKey: string | null;
    subject: string;
    allowInsecureEndpoints: boolean;
  };
  /** Per-user upload quotas, in bytes, counted from the `uploads` table. */
  uploadQuota: { imageBytes: number; videoBytes: number };
  s3: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl: string;
  } | null;
  chargebee: { site: string; apiKey: string; webhookUsername: string; webhookPassword: string } | null;
  metaPixelId: string | null;
  vimeoToken: string | null;
  shopify: { storeDomain: string; storefrontToken: string } | null;
  video: {
    mux: {
      tokenId: string;
      tokenSecret: string;
      webhookSecret: string;
      signingKey: string;
      privateKey: string;
      baseUrl?: string;
    } | null;
    mediaUrlSecret: string | null;
    mediaUrlTtlSeconds: number;
    demoMedia: 'all' | 'none' | number;
    uploadMaxBytes: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function required(value: string | undefined, name: string, because: string): string {
  if (!value)
    throw new ConfigError(
      `Invalid configuration:\n  - ${name}: required when ${because} is set\nSee the configuration table in README.md.`,
    );
  return value;
}

/** Reads and validates the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee the configuration table in README.md.`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (e.APP_ROLE !== 'all' && !e.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  - APP_ROLE: ${e.APP_ROLE} needs DATABASE_URL (PostgreSQL); the embedded database serves one process, so without DATABASE_URL only APP_ROLE=all runs\nSee the configuration table in README.md.`,
    );
  return {
    env: e.NODE_ENV,
    role: e.APP_ROLE,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME ?? `dance-api-${e.APP_ROLE}`,
        }
      : null,
    migrateOnStart: e.MIGRATE_ON_START,
    // Another process's admin change shows here within this time (the caches are keyed by the version):
    // half a second, so "within 1 s" holds with the read and the request's own time on top.
    catalogueVersionCheckMs: e.NODE_ENV === 'test' ? 0 : 500,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR,
    inMemoryDatabase: false,
    memberAppUrl: e.MEMBER_APP_URL.replace(/\/$/, ''),
    adminAppUrl: e.ADMIN_APP_URL.replace(/\/$/, ''),
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET ?? null,
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    cookie: { domain: e.COOKIE_DOMAIN, secure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : isProduction },
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    rateLimitMax: e.RATE_LIMIT_MAX,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    maxDbQueueMs: e.MAX_DB_QUEUE_MS,
    push: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT ?? 'mailto:no-reply@dancetraining.example',
      allowInsecureEndpoints: !isProduction,
    },
    uploadQuota: {
      imageBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      videoBytes: e.VIDEO_UPLOAD_QUOTA_MB * 1024 * 1024,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: required(e.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID', 'S3_BUCKET'),
          secretAccessKey: required(e.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET'),
          publicUrl: required(e.S3_PUBLIC_URL, 'S3_PUBLIC_URL', 'S3_BUCKET'),
        }
      : null,
    chargebee: e.CHARGEBEE_SITE
      ? {
          site: e.CHARGEBEE_SITE,
          apiKey: required(e.CHARGEBEE_API_KEY, 'CHARGEBEE_API_KEY', 'CHARGEBEE_SITE'),
          webhookUsername: required(
            e.CHARGEBEE_WEBHOOK_USERNAME,
            'CHARGEBEE_WEBHOOK_USERNAME',
            'CHARGEBEE_SITE',
          ),
          webhookPassword: required(
            e.CHARGEBEE_WEBHOOK_PASSWORD,
            'CHARGEBEE_WEBHOOK_PASSWORD',
            'CHARGEBEE_SITE',
          ),
        }
      : null,
    metaPixelId: e.META_PIXEL_ID ?? null,
    vimeoToken: e.VIMEO_TOKEN || null,
    shopify: e.SHOPIFY_STORE_DOMAIN
      ? {
          storeDomain: e.SHOPIFY_STORE_DOMAIN,
          storefrontToken: required(
            e.SHOPIFY_STOREFRONT_TOKEN,
            'SHOPIFY_STOREFRONT_TOKEN',
            'SHOPIFY_STORE_DOMAIN',
          ),
        }
      : null,
    video: {
      mux: e.MUX_TOKEN_ID
        ? {
            tokenId: e.MUX_TOKEN_ID,
            tokenSecret: required(e.MUX_TOKEN_SECRET, 'MUX_TOKEN_SECRET', 'MUX_TOKEN_ID'),
            webhookSecret: required(e.MUX_WEBHOOK_SECRET, 'MUX_WEBHOOK_SECRET', 'MUX_TOKEN_ID'),
            signingKey: required(e.MUX_SIGNING_KEY, 'MUX_SIGNING_KEY', 'MUX_TOKEN_ID'),
            privateKey: required(e.MUX_PRIVATE_KEY, 'MUX_PRIVATE_KEY', 'MUX_TOKEN_ID'),
            baseUrl: e.MUX_BASE_URL,
          }
        : null,
      mediaUrlSecret: e.MEDIA_URL_SECRET ?? null,
      mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
      // Tests (Playwright) generate only the few demo videos their specs play.
      demoMedia: e.DEMO_MEDIA ?? (e.NODE_ENV === 'test' ? 4 : 'all'),
      uploadMaxBytes: e.VIDEO_UPLOAD_MAX_MB * 1024 * 1024,
    },
  };
}

/** A configuration for tests: in-memory PGlite (or TEST_DATABASE_URL), quiet logs, no seed. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' });
  return {
    ...base,
    logLevel: 'silent',
    databaseUrl: process.env.TEST_DATABASE_URL ?? null,
    inMemoryDatabase: true,
    rateLimitMax: 100_000,
    // Test machines stall (database start-up in the same process): only the overload test turns this on.
    maxEventLoopDelayMs: 0,
    maxDbQueueMs: 0,
    redis: null,
    shutdownGraceMs: 0,
    metrics: { port: 0, host: '127.0.0.1' },
    tracing: null,
    ...overrides,
  };
}
