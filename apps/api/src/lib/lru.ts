/** A small least-recently-used map whose entries also expire after a time to live. */
export class ExpiringLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end: the first key of the map is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

/**
 * The cached value of a key, computed once even when many requests ask at the same time (the promise is
 * cached); a failed computation is forgotten so the next request tries again.
 */
export function remember<V>(
  cache: ExpiringLru<Promise<V>>,
  key: string,
  compute: () => Promise<V>,
): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const pending = compute();
  cache.set(key, pending);
  pending.catch(() => {
    if (cache.get(key) === pending) cache.delete(key);
  });
  return pending;
}
