import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { pgliteNotifications, postgresNotifications, registerNotifications } from './notifications.ts';
import { PGlitePool } from './pglite-pool.ts';
import { preparedStatements } from './prepared-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const INT8_OID = 20;
const DATE_OID = 1082;
const BYTEA_OID = 17;

/**
 * Ids and counts fit in a double, and business days are calendar dates, not instants: every reader
 * gets numbers and YYYY-MM-DD strings, on PGlite and PostgreSQL alike.
 */
pg.types.setTypeParser(INT8_OID, (value) => Number(value));
pg.types.setTypeParser(DATE_OID, (value) => value);
const pgliteParsers = {
  [INT8_OID]: (value: string) => Number(value),
  [DATE_OID]: (value: string) => value,
  // Byte columns (hashes, keys) come back as Node Buffers, as they do from `pg`.
  [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};

/** A real PostgreSQL when `databaseUrl` is set, else embedded PGlite in `dataDir/db`. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an admin's terminate) is dropped by the pool,
    // which opens a fresh one for the next query; unheard, its 'error' would end the whole process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }) });
    registerNotifications(db, postgresNotifications(options.databaseUrl));
    return db;
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    // pg_trgm serves search (migration 010); PostgreSQL ships it in contrib.
    const pglite = await PGlite.create({ dataDir: dir, parsers: pgliteParsers, extensions: { pg_trgm } });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new PGlitePool(pglite, unlock) }),
    });
    registerNotifications(db, pgliteNotifications(pglite));
    return db;
  } catch (error) {
    unlock();
    throw error;
  }
}
