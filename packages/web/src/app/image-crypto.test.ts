import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBody, decryptBody, decryptImage, sniffImageType, type CryptoBackend } from './image-crypto.ts';

const key = crypto.randomBytes(32);
const keyBase64 = key.toString('base64');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...crypto.randomBytes(200)]);

/** The server's layout: nonce(12) ‖ ciphertext ‖ tag(16). */
function seal(plain: Buffer, withKey = key): Uint8Array {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', withKey, nonce);
  return new Uint8Array(Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]));
}

describe.each<CryptoBackend>(['webcrypto', 'noble'])('decryptImage (%s)', (backend) => {
  it('opens what the server sealed', async () => {
    expect(Buffer.from(await decryptImage(seal(png), keyBase64, backend))).toEqual(png);
  });

  it('rejects changed bytes, a wrong key and short input', async () => {
    const tampered = seal(png);
    tampered[40]! ^= 1;
    await expect(decryptImage(tampered, keyBase64, backend)).rejects.toThrow();
    const other = crypto.randomBytes(32).toString('base64');
    await expect(decryptImage(seal(png), other, backend)).rejects.toThrow();
    await expect(decryptImage(new Uint8Array(20), keyBase64, backend)).rejects.toThrow();
  });
});

describe('response bodies', () => {
  const sealed = seal(png);
  const asText = new TextEncoder().encode(Buffer.from(sealed).toString('base64'));

  it('decodes version 1 base64 and passes version 2 through', () => {
    expect(decodeBody(asText, '1')).toEqual(sealed);
    expect(decodeBody(sealed, '2')).toEqual(sealed);
    expect(decodeBody(asText, null)).toEqual(sealed);
    expect(decodeBody(sealed, null)).toEqual(sealed);
  });

  it('decrypts with or without a version header, even a wrong one', async () => {
    for (const [body, version] of [
      [asText, '1'],
      [sealed, '2'],
      [asText, null],
      [sealed, null],
      [asText, '2'],
    ] as const) {
      expect(Buffer.from(await decryptBody(body, version, keyBase64))).toEqual(png);
    }
  });
});

describe('sniffImageType', () => {
  it('reads magic bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(Uint8Array.of(1, 2, 3))).toBe('application/octet-stream');
  });
});
