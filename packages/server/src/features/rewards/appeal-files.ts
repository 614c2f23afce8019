import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { mediaStoreOf } from '../../platform/media-store/index.ts';

/** Appeal screenshots on the local disk: DATA_DIR/appeals, outside the media folder Node serves. */
export function appealsDir(dataDir: string): string {
  return path.join(dataDir, 'appeals');
}

/** The media-store key of a screenshot kept in the bucket: the private `appeals/` prefix. */
export const appealKey = (relative: string) => `appeals/${relative}`;

/**
 * Where appeal screenshots are kept (`relative` is the `<yyyy-mm>/<hex>.<ext>` the appeal row
 * names). They are private: never under `hls/` or `img/`, never behind MEDIA_BASE_URL, read only by
 * the console's support section with its role check. With MEDIA_STORE=s3 they are objects of the
 * bucket's private `appeals/` prefix (without public-read, with no Cache-Control), so every web
 * node sees the screenshot whichever node took it; with MEDIA_STORE=local, files readable by this
 * process's user only, in DATA_DIR/appeals.
 */
export function appealFilesOf(config: Pick<Config, 'dataDir' | 'mediaDir' | 'mediaStore'>) {
  const dir = appealsDir(config.dataDir);
  // Stored names are made by the server; the check keeps a damaged row from reading elsewhere.
  const fileOf = (relative: string) => {
    const file = path.resolve(dir, relative);
    return file.startsWith(dir + path.sep) ? file : undefined;
  };
  if (config.mediaStore.kind === 's3') {
    const store = mediaStoreOf(config);
    const keyOf = (relative: string) => (fileOf(relative) ? appealKey(relative) : undefined);
    return {
      async save(relative: string, bytes: Buffer) {
        await store.put(appealKey(relative), bytes);
      },
      async read(relative: string): Promise<Buffer | undefined> {
        const key = keyOf(relative);
        return key ? store.get(key) : undefined;
      },
      async remove(relative: string) {
        const key = keyOf(relative);
        if (key) await store.delete(key);
      },
    };
  }
  return {
    async save(relative: string, bytes: Buffer) {
      const file = path.join(dir, relative);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    },
    async read(relative: string): Promise<Buffer | undefined> {
      const file = fileOf(relative);
      return file ? fs.readFile(file).catch(() => undefined) : undefined;
    },
    async remove(relative: string) {
      const file = fileOf(relative);
      if (file) await fs.rm(file, { force: true });
    },
  };
}
