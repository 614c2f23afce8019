import { describe, expect, it } from 'vitest';
import { decryptBytes, encryptBytes, newHlsKey, newKey } from './aes.ts';

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

describe('browser compatibility', () => {
  it('decrypts with WebCrypto AES-GCM, iv = first 12 bytes', async () => {
    const key = newKey();
    const plain = Buffer.from('what the browser will see');
    const blob = encryptBytes(key, plain);
    const cryptoKey = await crypto.subtle.importKey('raw', new Uint8Array(key), 'AES-GCM', false, [
      'decrypt',
    ]);
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: new Uint8Array(blob.subarray(0, 12)) },
      cryptoKey,
      new Uint8Array(blob.subarray(12)),
    );
    expect(Buffer.from(opened)).toEqual(plain);
  });

  it('uses a fresh nonce every time and makes HLS keys of AES-128 size', () => {
    const key = newKey();
    expect(key).toHaveLength(32);
    const plain = Buffer.from('same bytes');
    expect(encryptBytes(key, plain).equals(encryptBytes(key, plain))).toBe(false);
    const hls = newHlsKey();
    expect(hls.key).toHaveLength(16);
    expect(hls.iv).toHaveLength(16);
  });
});
