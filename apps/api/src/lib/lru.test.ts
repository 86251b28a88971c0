import { describe, expect, it } from 'vitest';
import { ExpiringLru, remember } from './lru';

describe('ExpiringLru', () => {
  it('drops the least recently used entry past its size', () => {
    const lru = new ExpiringLru<number>(2, 1000);
    lru.set('a', 1, 0);
    lru.set('b', 2, 0);
    expect(lru.get('a', 0)).toBe(1); // a is now the most recent
    lru.set('c', 3, 0);
    expect(lru.get('b', 0)).toBeUndefined();
    expect(lru.get('a', 0)).toBe(1);
    expect(lru.get('c', 0)).toBe(3);
  });

  it('forgets an entry once its time to live has passed', () => {
    const lru = new ExpiringLru<number>(2, 1000);
    lru.set('a', 1, 0);
    expect(lru.get('a', 999)).toBe(1);
    expect(lru.get('a', 1000)).toBeUndefined();
  });
});

describe('remember', () => {
  it('computes a key once for concurrent callers', async () => {
    const cache = new ExpiringLru<Promise<number>>(10, 60_000);
    let calls = 0;
    const compute = async () => ++calls;
    const [first, second] = await Promise.all([remember(cache, 'k', compute), remember(cache, 'k', compute)]);
    expect([first, second, calls]).toEqual([1, 1, 1]);
  });

  it('forgets a failed computation so the next caller tries again', async () => {
    const cache = new ExpiringLru<Promise<number>>(10, 60_000);
    await expect(remember(cache, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await remember(cache, 'k', async () => 2)).toBe(2);
  });
});
