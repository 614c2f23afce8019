import crypto from 'node:crypto';

/**
 * Password hashes: scrypt from node:crypto, salted, with the cost written into the stored string
 * (`scrypt$N$r$p$salt$key`) so the cost can be raised later without breaking old hashes.
 *
 * N=2^14, r=8, p=5 is one of OWASP's equivalent scrypt settings (same work as N=2^17, r=8, p=1)
 * that needs 16 MiB per hash instead of 128 MiB, so concurrent sign-ins do not exhaust memory.
 */
export const PASSWORD_HASH_COST = { N: 2 ** 14, r: 8, p: 5 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCHEME = 'scrypt';
/** Bounds for costs read back from the database: a corrupted row must not stall the process. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

type Cost = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, cost: Cost, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The same password typed on different keyboards may arrive composed or decomposed.
    crypto.scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PASSWORD_HASH_COST, KEY_BYTES);
  const { N, r, p } = PASSWORD_HASH_COST;
  return [SCHEME, N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; a malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validCost =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (!validCost || salt.length === 0 || expected.length === 0) return false;
  const key = await derive(password, salt, { N, r, p }, expected.length);
  return crypto.timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;
/**
 * A hash no password matches, checked when the account does not exist, so an unknown account
 * takes as long to refuse as a wrong password.
 */
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(32).toString('base64'));
  return decoy;
}
