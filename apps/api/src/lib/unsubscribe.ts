import { createHmac, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { API_PREFIX, NOTIFICATION_KINDS, type NotificationKind } from '@dance/domain';
import type { AppConfig } from '../config/env';
import { readOrCreateFile } from './secret-file';
import { safeEqual } from './tokens';

/** How long a mail's unsubscribe link works (RFC 8058 asks for links that keep working for a while). */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const secrets = new WeakMap<AppConfig, string>();

/**
 * The HMAC secret of unsubscribe links: UNSUBSCRIBE_SECRET, or one generated on first run and kept under
 * DATA_DIR (links survive a restart; the in-memory test database gets a fresh one per app).
 */
export function unsubscribeSecret(config: AppConfig): string {
  const known = config.unsubscribeSecret ?? secrets.get(config);
  if (known) return known;
  const dir = resolve(config.dataDir);
  const file = join(dir, 'unsubscribe-secret');
  const generate = () => randomBytes(32).toString('base64url');
  const secret = config.inMemoryDatabase ? generate() : readOrCreateFile(file, generate).trim();
  secrets.set(config, secret);
  return secret;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** A token naming a member, a kind and an expiry, signed: `<userId>.<kind>.<expires epoch s>.<hmac>`. */
export function createUnsubscribeToken(
  secret: string,
  userId: string,
  kind: NotificationKind,
  now = new Date(),
): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000);
  const payload = `${userId}.${kind}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The member and kind of a genuine, unexpired token; null for anything else. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now = new Date(),
): { userId: string; kind: NotificationKind } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [userId, kind, expires, mac] = parts as [string, string, string, string];
  if (!safeEqual(mac, sign(secret, `${userId}.${kind}.${expires}`))) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return { userId, kind: kind as NotificationKind };
}

/**
 * What a non-transactional mail carries: the member app's unsubscribe page (the link in the body) and the
 * RFC 8058 headers whose URL the mail client POSTs to (the API, one click, no login).
 */
export function unsubscribeParts(
  config: AppConfig,
  userId: string,
  kind: NotificationKind,
  now = new Date(),
) {
  const token = createUnsubscribeToken(unsubscribeSecret(config), userId, kind, now);
  const query = `token=${encodeURIComponent(token)}`;
  return {
    pageUrl: `${config.memberAppUrl.replace(/\/$/, '')}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${config.publicApiUrl}${API_PREFIX}/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
