import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../../config/env';
import { readOrCreateFile } from '../../lib/secret-file';

/** A browser's push subscription as the Push API gives it (endpoint and the two keys of RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a notification carries to the service worker (it shows title, body and image and opens `url`). */
export interface PushMessage {
  title: string;
  body: string;
  image: string | null;
  url: string;
  notificationId: string;
}

/** delivered: the push service took it; gone: 404/410, the subscription is dead; failed: anything else. */
export type PushOutcome = { status: 'delivered' } | { status: 'gone' } | { status: 'failed'; error: string };

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a pair generated on first run and kept under DATA_DIR
 * (subscriptions are tied to the public key: a new pair would orphan every subscribed device).
 */
export function loadVapidKeys(config: AppConfig): VapidKeys {
  const subject = config.push.subject;
  if (config.push.publicKey && config.push.privateKey)
    return { publicKey: config.push.publicKey, privateKey: config.push.privateKey, subject };
  const dir = resolve(config.dataDir);
  const file = join(dir, 'vapid-keys.json');
  const generate = () => JSON.stringify(webpush.generateVAPIDKeys());
  const saved = JSON.parse(
    config.inMemoryDatabase
      ? existsSync(file)
        ? readFileSync(file, 'utf8')
        : generate()
      : readOrCreateFile(file, generate),
  ) as { publicKey: string; privateKey: string };
  return { ...saved, subject };
}

/** Push services keep a message this long for an offline device (seconds). */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Web Push through `web-push`: it encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID header; the
 * request goes out with fetch, which also reaches the local push endpoint of the tests (http) when
 * `allowInsecureEndpoints` is set outside production.
 */
export function createWebPushSender(
  keys: VapidKeys,
  { allowInsecureEndpoints = false }: { allowInsecureEndpoints?: boolean } = {},
): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      const url = new URL(target.endpoint);
      if (url.protocol !== 'https:' && !(allowInsecureEndpoints && url.protocol === 'http:'))
        return { status: 'gone' };
      const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      // fetch computes the length itself.
      delete headers['Content-Length'];
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return { status: 'gone' };
        if (response.ok) return { status: 'delivered' };
        return { status: 'failed', error: `push service answered ${response.status}` };
      } catch (error) {
        return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
