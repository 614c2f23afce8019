import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Makes embedded PGlite look like a `pg` pool to Kysely, so the same dialect, queries and
 * migrations run on PGlite and on a real PostgreSQL. PGlite is one connection; the lock hands it
 * to one Kysely connection at a time so a transaction never interleaves with other queries.
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  /** Callers waiting for their turn, as `pg.Pool#waitingCount`. */
  waitingCount = 0;
  /** 1 while a caller holds the connection (metrics: the pool in use). */
  inUseCount = 0;

  constructor(
    readonly pglite: PGlite,
    private readonly onEnd: () => void = () => {},
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    this.waitingCount += 1;
    await previous;
    this.waitingCount -= 1;
    this.inUseCount = 1;
    const pglite = this.pglite;
    return {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: commandOf(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        this.inUseCount = 0;
        release();
      },
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
    this.onEnd();
  }
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge)\b/i.exec(sql);
  return (match?.[1]?.toUpperCase() as PostgresQueryResult<unknown>['command']) ?? 'SELECT';
}
