import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password checks', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse')).toBe(false);
  });

  it('spends a real argon2 verify when there is no account, so an unknown email answers as slowly', async () => {
    const stored = await hashPassword('correct horse');
    await verifyPassword(null, 'warm-up'); // the decoy hash is made once per process
    const time = async (passwordHash: string | null) => {
      const started = performance.now();
      expect(await verifyPassword(passwordHash, 'guess')).toBe(false);
      return performance.now() - started;
    };
    const real: number[] = [];
    const decoy: number[] = [];
    for (let i = 0; i < 5; i++) {
      real.push(await time(stored));
      decoy.push(await time(null));
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[2]!;
    // Pure argon2 on both sides, no database: without the decoy the ratio is near 0 (no work at all).
    expect(median(decoy) / median(real)).toBeGreaterThan(0.5);
  });
});
