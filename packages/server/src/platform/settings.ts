import crypto from 'node:crypto';
import type { Db } from './db/database.ts';

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** Keys made on the first start and kept in the database, never in the repository. */
export interface Secrets {
  /** AES-256-GCM key of the image lines: images are encrypted once at ingest with it. */
  imageKey: Buffer;
  /** AES-256-GCM key of the api lines whose `encrypt` is set. */
  apiKey: Buffer;
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  const stored = await readSetting<Record<string, string>>(db, 'secrets');
  if (stored?.imageKey && stored.apiKey) {
    return { imageKey: Buffer.from(stored.imageKey, 'base64'), apiKey: Buffer.from(stored.apiKey, 'base64') };
  }
  const made = { imageKey: crypto.randomBytes(32), apiKey: crypto.randomBytes(32) };
  // Two processes starting at once must agree on one set of keys: the first insert wins.
  await db
    .insertInto('settings')
    .values({
      key: 'secrets',
      value: JSON.stringify({
        imageKey: made.imageKey.toString('base64'),
        apiKey: made.apiKey.toString('base64'),
      }),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return loadSecrets(db);
}
