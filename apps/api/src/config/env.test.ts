import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** Issue 19: the scale-out settings, validated at start. */
describe('scale-out configuration', () => {
  it('defaults to one process doing everything, metrics on the loopback, no Redis, no tracing', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.redis).toBeNull();
    expect(config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(config.tracing).toBeNull();
    expect(config.shutdownGraceMs).toBe(5000);
    expect(config.migrateOnStart).toBe(true);
  });

  it('refuses web or worker on the embedded database, with a message naming the fix', () => {
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ APP_ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ APP_ROLE: role })).toThrow(/APP_ROLE: .* needs DATABASE_URL/);
    }
    const web = loadConfig({ APP_ROLE: 'web', DATABASE_URL: 'postgres://u@db:5432/dance' });
    expect(web.role).toBe('web');
  });

  it('reads Redis, metrics, tracing, the grace period and the migration switch', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_KEY_PREFIX: 'studio:',
      METRICS_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      SHUTDOWN_GRACE_MS: '15000',
      MIGRATE_ON_START: 'false',
    });
    expect(config.redis).toEqual({ url: 'redis://cache:6379/2', keyPrefix: 'studio:' });
    expect(config.metrics.port).toBe(0);
    expect(config.tracing).toEqual({ endpoint: 'http://collector:4318', serviceName: 'dance-api-all' });
    expect(config.shutdownGraceMs).toBe(15000);
    expect(config.migrateOnStart).toBe(false);
    expect(() => loadConfig({ APP_ROLE: 'cron' })).toThrow(/APP_ROLE/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });
});
