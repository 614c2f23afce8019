import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, type MediaStore, type StoredEntry } from './media-store.ts';

/** Today's behaviour and the embedded default: files under DATA_DIR/media. */
export function createLocalMediaStore(root: string): MediaStore & { pathOf(key: string): string } {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  }

  async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    // A reader never sees half a file: the name appears only when the bytes are all there.
    const temporary = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await write(temporary);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async function walk(folder: string): Promise<string[]> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? walk(full) : Promise.resolve(entry.isFile() ? [full] : []);
      }),
    );
    return nested.flat();
  }

  const store: MediaStore & { pathOf(key: string): string } = {
    kind: 'local',
    pathOf,

    async put(key, body) {
      const file = pathOf(key);
      await writeAtomically(file, (temporary) => fs.writeFile(temporary, body));
    },

    async putFile(key, source) {
      const file = pathOf(key);
      await writeAtomically(file, (temporary) => fs.copyFile(source, temporary));
    },

    async putFolder(prefix, folder) {
      const target = pathOf(prefix.replace(/\/$/, ''));
      await fs.mkdir(path.dirname(target), { recursive: true });
      // One rename when nothing is there yet (today's transcode step); else file by file.
      const moved = await fs.rename(folder, target).then(
        () => true,
        () => false,
      );
      if (moved) return;
      for (const file of await walk(folder)) {
        const relative = path.relative(folder, file).split(path.sep).join('/');
        await store.putFile(`${prefix.replace(/\/$/, '')}/${relative}`, file);
      }
    },

    async get(key) {
      return fs.readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') return undefined;
        throw error;
      });
    },

    async stream(key, range?: ByteRange) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      const body = range ? createReadStream(file, range) : createReadStream(file);
      return { body, size: stat.size };
    },

    async size(key) {
      const stat = await fs.stat(pathOf(key)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },

    async download(key, target) {
      const source = pathOf(key);
      const stat = await fs.stat(source).catch(() => undefined);
      if (!stat?.isFile()) return false;
      await fs.mkdir(path.dirname(target), { recursive: true });
      await pipeline(createReadStream(source), createWriteStream(target));
      return true;
    },

    async list(prefix) {
      // A prefix names a folder or the start of a file name in one: walk the folder it sits in.
      const folder =
        prefix === ''
          ? base
          : prefix.endsWith('/')
            ? pathOf(prefix.slice(0, -1))
            : path.dirname(pathOf(prefix));
      const files = await walk(folder);
      const entries: StoredEntry[] = [];
      for (const file of files) {
        const key = path.relative(base, file).split(path.sep).join('/');
        if (!key.startsWith(prefix) || key.endsWith('.part')) continue;
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat) entries.push({ key, size: stat.size });
      }
      return entries.sort((a, b) => a.key.localeCompare(b.key));
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      if (prefix.endsWith('/')) {
        await fs.rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      for (const entry of await store.list(prefix)) await store.delete(entry.key);
    },

    async check() {
      await fs.mkdir(base, { recursive: true });
    },
  };
  return store;
}
