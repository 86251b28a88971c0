import { describe, expect, it } from 'vitest';
import { argon2Runs, decoyHash, hashPassword, verifyPassword } from './passwords';

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
    const before = argon2Runs.verify;
    expect(await verifyPassword(null, 'guess')).toBe(false);
    // Counted, not timed: a wall-clock ratio of the two paths fell below its bound on a busy CI machine.
    expect(argon2Runs.verify - before).toBe(1);
    // The same cost: algorithm, version and m/t/p are the hash's first three fields ($argon2id$v=19$m=…,t=…,p=…$).
    const costOf = (encoded: string) => encoded.split('$').slice(1, 4);
    expect(costOf(await decoyHash())).toEqual(costOf(stored));
    expect(costOf(stored)).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
  });
});
