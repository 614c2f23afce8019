import crypto from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

/**
 * Password hashes, salted, each stored string naming its algorithm and cost so that the cost can
 * change without breaking the hashes already stored:
 *
 * - current: Argon2id in the PHC string format, `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$salt$key`;
 * - earlier: scrypt from node:crypto, `scrypt$N$r$p$salt$key`, still verified, and replaced by the
 *   current hash after the owner's next right password (`needsRehash`).
 *
 * m=7 MiB, t=5, p=1 is one of the settings OWASP's Password Storage Cheat Sheet lists as equally
 * strong (m=19 MiB t=2, m=46 MiB t=1 …), and the fastest of them on a 2-core machine; every scrypt
 * setting OWASP lists costs 10-20 times as long, too slow for sign-in under load. Measured figures:
 * docs/decisions.md ("Accounts"), `npm run bench:hash`.
 */
export const PASSWORD_HASH_COST = { memoryKiB: 7 * 1024, passes: 5, lanes: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const ARGON2ID = 2; // Algorithm.Argon2id: a const enum, which isolated modules cannot import
const ARGON2_VERSION = 19;
const CURRENT_PREFIX = `$argon2id$v=${ARGON2_VERSION}$m=${PASSWORD_HASH_COST.memoryKiB},t=${PASSWORD_HASH_COST.passes},p=${PASSWORD_HASH_COST.lanes}$`;

/** Bounds for costs read back from the database: a corrupted row must not stall the process. */
const MAX_ARGON2_KIB = 256 * 1024;
const MAX_ARGON2_PASSES = 16;
const MAX_ARGON2_LANES = 16;
const MAX_SCRYPT_N = 2 ** 20;
const MAX_SCRYPT_R = 32;
const MAX_SCRYPT_P = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// The same password typed on different keyboards may arrive composed or decomposed.
const normalized = (password: string) => password.normalize('NFC');
const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
const bytesOf = (text: string | undefined) =>
  text && BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
const isIntIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

function argon2id(
  password: string,
  salt: Buffer,
  cost: { memoryKiB: number; passes: number; lanes: number },
  length: number,
): Promise<Buffer> {
  return hashRaw(normalized(password), {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.passes,
    parallelism: cost.lanes,
    outputLen: length,
    salt,
  });
}

function scrypt(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      normalized(password),
      salt,
      length,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await argon2id(password, salt, PASSWORD_HASH_COST, KEY_BYTES);
  return `${CURRENT_PREFIX}${unpadded(salt)}$${unpadded(key)}`;
}

/** The key a stored hash expects for `password`, or null when the stored string is not a hash we make. */
function keyFor(
  password: string,
  stored: string,
): { expected: Buffer; derive: () => Promise<Buffer> } | null {
  const argon2 = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (argon2) {
    const [version, memoryKiB, passes, lanes] = argon2.slice(1, 5).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const salt = bytesOf(argon2[5]);
    const expected = bytesOf(argon2[6]);
    const valid =
      version === ARGON2_VERSION &&
      isIntIn(lanes, 1, MAX_ARGON2_LANES) &&
      isIntIn(memoryKiB, 8 * lanes, MAX_ARGON2_KIB) &&
      isIntIn(passes, 1, MAX_ARGON2_PASSES) &&
      salt.length >= 8 &&
      expected.length >= 4;
    return valid
      ? { expected, derive: () => argon2id(password, salt, { memoryKiB, passes, lanes }, expected.length) }
      : null;
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = bytesOf(parts[4]);
  const expected = bytesOf(parts[5]);
  const valid =
    isIntIn(N, 2, MAX_SCRYPT_N) &&
    (N & (N - 1)) === 0 &&
    isIntIn(r, 1, MAX_SCRYPT_R) &&
    isIntIn(p, 1, MAX_SCRYPT_P) &&
    salt.length > 0 &&
    expected.length > 0;
  return valid ? { expected, derive: () => scrypt(password, salt, { N, r, p }, expected.length) } : null;
}

/** Compares in constant time; a malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const key = keyFor(password, stored);
  if (!key) return false;
  let derived: Buffer;
  try {
    derived = await key.derive();
  } catch {
    // Parameters inside our bounds that the library still refuses.
    return false;
  }
  return derived.length === key.expected.length && crypto.timingSafeEqual(derived, key.expected);
}

/** True for a hash made with another algorithm or cost: after a right password, store a new one. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
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
