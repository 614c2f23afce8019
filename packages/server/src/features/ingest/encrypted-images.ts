import path from 'node:path';
import { encryptBytes } from '../../media/aes.ts';
import type { MediaStore } from '../../platform/media-store/index.ts';

/**
 * Stores an image encrypted with the image-line key (ARCHITECTURE: encrypted once at ingest,
 * served as plain static bytes). Returns the path the client appends to an image line.
 */
export async function storeEncryptedImage(
  store: MediaStore,
  imageKey: Buffer,
  name: string,
  plain: Buffer,
): Promise<string> {
  const relative = path.posix.join(...name.split('/'));
  await store.put(`img/${relative}`, encryptBytes(imageKey, plain));
  return `/img/${relative}`;
}

export async function removeStoredImage(store: MediaStore, imagePath: string): Promise<void> {
  if (!imagePath.startsWith('/img/')) return;
  await store.delete(imagePath.slice(1));
}
