import path from 'node:path';
import type { MediaStore } from './media-store.ts';

export interface MigrationReport {
  copied: number;
  /** Already in the target with the same size: an earlier run got that far. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every media file of a local DATA_DIR into another store (`npm run media:migrate`).
 * Resumable: a file already in the target with its size is skipped, so a stopped run picks up
 * where it ended. Each copy is checked by size before the next begins; a mismatch stops the run.
 */
export async function migrateMedia(
  from: MediaStore & { pathOf(key: string): string },
  to: MediaStore,
  onFile: (key: string, done: number, total: number) => void = () => undefined,
  /** Only the keys under this prefix (`appeals/` of a store rooted at DATA_DIR). */
  prefix = '',
): Promise<MigrationReport> {
  await to.check();
  const entries = (await from.list(prefix)).filter((entry) => !path.basename(entry.key).startsWith('.'));
  const report: MigrationReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const [index, entry] of entries.entries()) {
    if ((await to.size(entry.key)) === entry.size) {
      report.skipped += 1;
    } else {
      await to.putFile(entry.key, from.pathOf(entry.key));
      const size = await to.size(entry.key);
      if (size !== entry.size)
        throw new Error(`${entry.key}: ${entry.size} bytes on disk but ${size ?? 'none'} in the target`);
      report.copied += 1;
      report.bytes += entry.size;
    }
    onFile(entry.key, index + 1, entries.length);
  }
  return report;
}
