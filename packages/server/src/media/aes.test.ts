import { describe, expect, it } from 'vitest';
import { decryptBytes, encryptBytes, newKey } from './aes.ts';

describe('image and reply encryption', () => {
  it('round-trips with the nonce ‖ ciphertext ‖ tag layout', () => {
    const key = newKey();
    const plain = Buffer.from('a cover image, in bytes');
    const blob = encryptBytes(key, plain);
    expect(blob.length).toBe(12 + plain.length + 16);
    expect(decryptBytes(key, blob)).toEqual(plain);
  });

  it('refuses changed bytes and a wrong key', () => {
    const key = newKey();
    const blob = encryptBytes(key, Buffer.from('cover'));
    const changed = Buffer.from(blob);
    changed[14] = (changed[14] ?? 0) ^ 1;
    expect(() => decryptBytes(key, changed)).toThrow();
    expect(() => decryptBytes(newKey(), blob)).toThrow();
  });
});
