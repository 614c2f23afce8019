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
  /**
   * HMAC key of stored verification codes. The line keys above reach clients; this one never
   * leaves the server, so a copy of the database alone cannot be searched for the 6-digit codes.
   */
  verifyCodeKey: Buffer;
  /** HMAC key of signed playlist and key URLs; never leaves the server, so no client can mint one. */
  streamUrlKey: Buffer;
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  const stored = await readSetting<Record<string, string>>(db, 'secrets');
  if (stored?.imageKey && stored.apiKey) {
    return {
      imageKey: Buffer.from(stored.imageKey, 'base64'),
      apiKey: Buffer.from(stored.apiKey, 'base64'),
      verifyCodeKey: await loadKey(db, 'verify_code_key'),
      streamUrlKey: await loadKey(db, 'stream_url_key'),
    };
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

/** A key kept in its own setting (added after the first `secrets`); the first process to make it wins. */
async function loadKey(db: Db, name: string): Promise<Buffer> {
  const stored = await readSetting<string>(db, name);
  if (stored) return Buffer.from(stored, 'base64');
  await db
    .insertInto('settings')
    .values({ key: name, value: JSON.stringify(crypto.randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return loadKey(db, name);
}
