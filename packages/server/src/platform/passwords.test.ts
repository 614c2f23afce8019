import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decoyPasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  verifyPassword,
} from './passwords.ts';

/** A hash as the earlier scheme stored it: `scrypt$N$r$p$salt$key`, padded base64. */
function scryptHash(password: string, cost: { N: number; r: number; p: number }): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r });
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashes', () => {
  it('stores Argon2id in PHC form with its cost and a fresh salt, and matches only the same password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    const { memoryKiB, passes, lanes } = PASSWORD_HASH_COST;
    expect(first).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${memoryKiB},t=${passes},p=${lanes}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`,
      ),
    );
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct hors', first)).toBe(false);
    expect(await verifyPassword('Correct horse', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('stays at a strength OWASP recommends for Argon2id', () => {
    const { memoryKiB, passes, lanes } = PASSWORD_HASH_COST;
    // The cheat sheet's equivalent minimums, memory in MiB per number of passes, one lane.
    const minimumMiB: Record<number, number> = { 1: 46, 2: 19, 3: 12, 4: 9, 5: 7 };
    expect(lanes).toBe(1);
    expect(memoryKiB).toBeGreaterThanOrEqual((minimumMiB[Math.min(passes, 5)] ?? Infinity) * 1024);
  });

  it('still verifies the earlier scrypt hashes, and asks for them to be rehashed', async () => {
    // The cost every hash had before Argon2id, and a cheaper one to show the cost is read back.
    for (const cost of [
      { N: 2 ** 14, r: 8, p: 5 },
      { N: 1024, r: 8, p: 1 },
    ]) {
      const stored = scryptHash('older', cost);
      expect(await verifyPassword('older', stored)).toBe(true);
      expect(await verifyPassword('newer', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('verifies an Argon2id hash made with another cost, read from the stored string', async () => {
    const { hashRaw } = await import('@node-rs/argon2');
    const salt = crypto.randomBytes(16);
    const key = await hashRaw('older', { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, salt });
    const stored = `$argon2id$v=19$m=19456,t=2,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    expect(await verifyPassword('older', stored)).toBe(true);
    expect(await verifyPassword('newer', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('treats composed and decomposed forms of a password as the same', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
    const older = scryptHash('caf\u00e9', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('cafe\u0301', older)).toBe(true);
  });

  it('matches nothing against malformed or absurd stored hashes', async () => {
    const current = await hashPassword('anything');
    const [, , , , salt, key] = current.split('$');
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$$',
      'scrypt$1000$8$1$c2FsdA==$a2V5',
      'scrypt$4194304$8$1$c2FsdA==$a2V5',
      'scrypt$1024$8$1$not base64!$a2V5',
      `$argon2i$v=19$m=7168,t=5,p=1$${salt}$${key}`,
      `$argon2id$v=16$m=7168,t=5,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=4194304,t=5,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=7168,t=1000,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=7168,t=0,p=1$${salt}$${key}`,
      `$argon2id$v=19$m=7168,t=5,p=0$${salt}$${key}`,
      `$argon2id$v=19$m=7168,t=5,p=1$c2FsdA$${key}`,
      `$argon2id$v=19$m=7168,t=5,p=1$${salt}$`,
      `$argon2id$v=19$m=7168,t=5,p=1$${salt}$${key}$extra`,
      `${current}x`,
    ]) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
    expect(await verifyPassword('anything', current)).toBe(true);
    expect(await verifyPassword('anything', await decoyPasswordHash())).toBe(false);
  });
});
