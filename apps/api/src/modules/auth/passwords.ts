import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (m=19 MiB, t=2, p=1); @node-rs/argon2 defaults to argon2id. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * The argon2 runs of this process, counted: what a timing attack on sign-up or login would see, so the tests
 * prove equal work on both paths by count (the test suite shares modules between files, so it cannot mock them).
 */
export const argon2Runs = { hash: 0, verify: 0 };

export function hashPassword(password: string): Promise<string> {
  argon2Runs.hash += 1;
  return hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist, so both paths cost the same. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}

function countedVerify(passwordHash: string, password: string): Promise<boolean> {
  argon2Runs.verify += 1;
  return verify(passwordHash, password).catch(() => false);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await countedVerify(await decoyHash(), password);
    return false;
  }
  return countedVerify(passwordHash, password);
}
