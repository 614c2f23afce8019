import crypto from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Runs every query as a named prepared statement, so PostgreSQL plans each distinct SQL text once
 * per connection instead of on every request (planning cost more than running our indexed
 * queries). Values are always parameters, so the set of texts stays small.
 */
export function preparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query: (sql: string, parameters: readonly unknown[]) =>
          client.query({ name: statementName(sql), text: sql, values: parameters as unknown[] }),
        release: () => client.release(),
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `q_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    names.set(sql, name);
  }
  return name;
}
