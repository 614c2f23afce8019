import { AES_GCM_NONCE_BYTES, EncryptionVersion } from '@app/contract/wire';

/** Bytes that WebCrypto accepts: a view on a plain (non-shared) ArrayBuffer. */
export type Bytes = Uint8Array<ArrayBuffer>;
export type CryptoBackend = 'webcrypto' | 'noble';

const TAG_BYTES = 16;
const BASE64_TEXT = /^[\sA-Za-z0-9+/=_-]+$/;

// Importing a key costs a round-trip into the crypto thread; every image on a line shares one.
const importedKeys = new Map<string, Promise<CryptoKey>>();

/** WebCrypto exists only in secure contexts; a line opened over plain http gets the JS cipher. */
export function defaultBackend(): CryptoBackend {
  return globalThis.crypto?.subtle ? 'webcrypto' : 'noble';
}

/**
 * Opens `nonce(12) ‖ ciphertext ‖ tag(16)` with the base64 AES-256 key.
 * Rejects when the bytes were changed, cut short or sealed with another key.
 */
export async function decryptImage(
  bytes: Uint8Array,
  keyBase64: string,
  backend: CryptoBackend = defaultBackend(),
): Promise<Bytes> {
  if (bytes.length < AES_GCM_NONCE_BYTES + TAG_BYTES) throw new Error('encrypted image too short');
  const nonce = plain(bytes.subarray(0, AES_GCM_NONCE_BYTES));
  const sealed = plain(bytes.subarray(AES_GCM_NONCE_BYTES));
  if (backend === 'noble') {
    // Loaded on demand so secure contexts never download the JS cipher.
    const { gcm } = await import('@noble/ciphers/aes.js');
    return plain(gcm(keyBytes(keyBase64), nonce).decrypt(sealed));
  }
  const key = await importKey(keyBase64);
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, sealed));
}

/**
 * The encrypted blob inside a response body. Version 1 sends it as base64 text, version 2 raw;
 * without a version, a body made only of base64 characters is taken as text (random ciphertext
 * practically never is).
 */
export function decodeBody(bytes: Uint8Array, version: string | null): Bytes {
  const asText = version === EncryptionVersion.base64 || (version === null && looksLikeBase64(bytes));
  return asText ? base64ToBytes(new TextDecoder().decode(bytes)) : plain(bytes);
}

/** Decrypts a response body, trying the other encoding when the declared one does not open. */
export async function decryptBody(
  bytes: Uint8Array,
  version: string | null,
  keyBase64: string,
): Promise<Bytes> {
  const isText = looksLikeBase64(bytes);
  const first = version ?? (isText ? EncryptionVersion.base64 : EncryptionVersion.binary);
  const second =
    first === EncryptionVersion.base64 ? EncryptionVersion.binary : isText ? EncryptionVersion.base64 : null;
  try {
    return await decryptImage(decodeBody(bytes, first), keyBase64);
  } catch (error) {
    if (second === null) throw error;
    return decryptImage(decodeBody(bytes, second), keyBase64);
  }
}

/** The MIME type from the file's magic bytes, so cached copies and blobs carry the right type. */
export function sniffImageType(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (ascii(4, 8) === 'ftyp' && ascii(8, 11) === 'avi') return 'image/avif';
  // An <img> renders SVG only when the blob says so; the other formats it would sniff anyway.
  if (/^\s*<(\?xml|svg)/.test(ascii(0, 64))) return 'image/svg+xml';
  return 'application/octet-stream';
}

export function base64ToBytes(text: string): Bytes {
  const binary = atob(text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function looksLikeBase64(bytes: Uint8Array): boolean {
  return bytes.length > 0 && BASE64_TEXT.test(new TextDecoder().decode(bytes.subarray(0, 256)));
}

function keyBytes(keyBase64: string): Bytes {
  const key = base64ToBytes(keyBase64);
  if (key.length !== 32) throw new Error('image key is not a 32-byte base64 key');
  return key;
}

function importKey(keyBase64: string): Promise<CryptoKey> {
  let key = importedKeys.get(keyBase64);
  if (!key) {
    key = Promise.resolve()
      .then(() => crypto.subtle.importKey('raw', keyBytes(keyBase64), 'AES-GCM', false, ['decrypt']))
      .catch((error: unknown) => {
        importedKeys.delete(keyBase64);
        throw error;
      });
    importedKeys.set(keyBase64, key);
  }
  return key;
}

// Shared-memory views (and some Node Buffers) are not accepted by WebCrypto's typings; copy those.
function plain(bytes: Uint8Array): Bytes {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Bytes) : new Uint8Array(bytes);
}
