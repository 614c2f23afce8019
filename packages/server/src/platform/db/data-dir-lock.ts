import fs from 'node:fs';
import path from 'node:path';

/**
 * Embedded PGlite is one process's database: a second process opening the same folder would
 * corrupt it. The lock file names the owner; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'owner.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `the embedded database in ${dir} is in use by process ${owner} (is the server running?); stop it first or set DATABASE_URL`,
          { cause: error },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
