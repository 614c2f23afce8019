import { useEffect, useState } from 'react';

/**
 * Settings images are stored encrypted like every cover (nonce(12) ‖ AES-256-GCM ‖ tag), so the
 * console decrypts them for its previews the way the app does, with the image key the app reads
 * from app info (public by design: every app holds it).
 */
const NONCE_BYTES = 12;
let imageKey: Promise<CryptoKey> | undefined;

function keyOfImages(): Promise<CryptoKey> {
  imageKey ??= fetch('/v1/appinfo', { credentials: 'omit' })
    .then((reply) => reply.json() as Promise<{ response: { imgUrl: { key: string } } }>)
    .then(({ response }) => {
      const raw = Uint8Array.from(atob(response.imgUrl.key), (char) => char.charCodeAt(0));
      return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    });
  imageKey.catch(() => (imageKey = undefined));
  return imageKey;
}

async function decryptedUrl(path: string): Promise<string> {
  const [key, reply] = await Promise.all([keyOfImages(), fetch(path, { credentials: 'omit' })]);
  if (!reply.ok) throw new Error(`image ${reply.status}`);
  const bytes = new Uint8Array(await reply.arrayBuffer());
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, NONCE_BYTES) },
    key,
    bytes.subarray(NONCE_BYTES),
  );
  return URL.createObjectURL(new Blob([plain]));
}

/** A stored image path (`/img/…`) as a URL the console can show; undefined while loading or when none. */
export function useSettingsImage(path: string | undefined): { url?: string; failed: boolean } {
  const [state, setState] = useState<{ path: string; url?: string; failed: boolean }>();
  useEffect(() => {
    if (!path || !path.startsWith('/img/')) return;
    let alive = true;
    let made: string | undefined;
    decryptedUrl(path).then(
      (url) => {
        made = url;
        if (alive) setState({ path, url, failed: false });
        else URL.revokeObjectURL(url);
      },
      () => alive && setState({ path, failed: true }),
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  if (!path || state?.path !== path) return { failed: false };
  return { url: state.url, failed: state.failed };
}
