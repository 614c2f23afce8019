import fs from 'node:fs/promises';
import path from 'node:path';
import { encryptBytes } from '../../media/aes.ts';

/**
 * Stores an image encrypted with the image-line key (ARCHITECTURE: encrypted once at ingest,
 * served as plain static bytes). Returns the path the client appends to an image line.
 */
export async function storeEncryptedImage(
  mediaDir: string,
  imageKey: Buffer,
  name: string,
  plain: Buffer,
): Promise<string> {
  const relative = path.posix.join(...name.split('/'));
  const file = path.join(mediaDir, 'img', relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, encryptBytes(imageKey, plain));
  return `/img/${relative}`;
}

export async function removeStoredImage(mediaDir: string, imagePath: string): Promise<void> {
  if (!imagePath.startsWith('/img/')) return;
  await fs.rm(path.join(mediaDir, imagePath), { force: true });
}
