import crypto from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16)`: the layout the browser decrypts with WebCrypto
 * (iv = the first 12 bytes, the rest = ciphertext with its tag). Images and encrypted API replies.
 */
export function encryptBytes(key: Buffer, plain: Buffer): Buffer {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

/** Throws when the bytes were changed or the key is wrong. */
export function decryptBytes(key: Buffer, blob: Buffer): Buffer {
  if (blob.length < NONCE_BYTES + TAG_BYTES) throw new Error('encrypted blob too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, blob.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(blob.subarray(NONCE_BYTES, blob.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

export function newKey(): Buffer {
  return crypto.randomBytes(32);
}

/** One rendition's HLS AES-128 key and IV. */
export function newHlsKey(): { key: Buffer; iv: Buffer } {
  return { key: crypto.randomBytes(16), iv: crypto.randomBytes(16) };
}
