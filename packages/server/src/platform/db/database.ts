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

/**
 * How long a request waits for a connection (a free one of the pool, or a new one to a database
 * that does not answer) before it is refused with 503 instead of hanging.
 */
const CONNECTION_TIMEOUT_MS = 10_000;

const waitingCounts = new WeakMap<Db, () => number>();
const inUseCounts = new WeakMap<Db, () => number>();

/** Queries waiting for a free connection of `db`'s pool: how saturated the database is. */
export function waitingForConnection(db: Db): number {
  return waitingCounts.get(db)?.() ?? 0;
}

/** Connections of `db`'s pool running a query now (metrics). */
export function connectionsInUse(db: Db): number {
  return inUseCounts.get(db)?.() ?? 0;
}

/** SQLSTATEs of a database that is out of reach: class 08 (connection), shutting down or starting. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** `pg` reports a lost or unobtainable connection with plain messages and no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether `error` says the database could not be reached (restarting, down, every connection
 * busy for too long) rather than that the query was wrong: the request is refused with 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SYSCALL_CODES.has(code)))
    return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}

/** Connections a process keeps to PostgreSQL when PG_POOL_MAX does not say (PGlite has one). */
export const POSTGRES_POOL_SIZE = 10;

/**
 * How this process's connections name themselves in pg_stat_activity: the product, its role and
 * its pid, so an operator (and the connection-budget test) can count them per process.
 */
export function applicationNameOf(role: string): string {
  return `streamapp ${role} ${process.pid}`;
}

/** A real PostgreSQL when `databaseUrl` is set, else embedded PGlite in `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  pgPoolMax?: number;
  role?: string;
}): Promise<Db> {
  if (options.databaseUrl) {
    const applicationName = applicationNameOf(options.role ?? 'all');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolMax ?? POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      application_name: applicationName,
    });
    // An idle connection the server closes (a restart, an admin's terminate) is dropped by the pool,
    // which opens a fresh one for the next query; unheard, its 'error' would end the whole process.
    pool.on('error', () => undefined);
    // A connection in use reports the same 'error' on its own client, where the pool does not listen:
    // its query fails (a 503, see isDatabaseUnavailable) and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }) });
    registerNotifications(db, postgresNotifications(options.databaseUrl, `${applicationName} listen`));
    waitingCounts.set(db, () => pool.waitingCount);
    inUseCounts.set(db, () => pool.totalCount - pool.idleCount);
    return db;
  }
  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    // pg_trgm serves search (migration 010); PostgreSQL ships it in contrib.
    const pglite = await PGlite.create({ dataDir: dir, parsers: pgliteParsers, extensions: { pg_trgm } });
    const pool = new PGlitePool(pglite, unlock);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerNotifications(db, pgliteNotifications(pglite));
    waitingCounts.set(db, () => pool.waitingCount);
    inUseCounts.set(db, () => pool.inUseCount);
    return db;
  } catch (error) {
    unlock();
    throw error;
  }
}
