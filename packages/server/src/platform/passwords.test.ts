import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('stores scrypt with its cost and a fresh salt, and matches only the same password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(
      new RegExp(`^scrypt\\$${PASSWORD_HASH_COST.N}\\$${PASSWORD_HASH_COST.r}\\$${PASSWORD_HASH_COST.p}\\$`),
    );
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('correct hors', first)).toBe(false);
    expect(await verifyPassword('Correct horse', first)).toBe(false);
  });

  it('verifies a hash made with another cost, read from the stored string', async () => {
    const crypto = await import('node:crypto');
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync('older', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('older', stored)).toBe(true);
    expect(await verifyPassword('newer', stored)).toBe(false);
  });

  it('treats composed and decomposed forms of a password as the same', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('matches nothing against malformed or absurd stored hashes', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$$',
      'scrypt$1000$8$1$c2FsdA==$a2V5',
      'scrypt$4194304$8$1$c2FsdA==$a2V5',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
    expect(await verifyPassword('anything', await decoyPasswordHash())).toBe(false);
  });
});
