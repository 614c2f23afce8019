import { sql, type Kysely } from 'kysely';

/** PGlite's extended protocol takes one statement per query, so a migration runs them one by one. */
export async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of ddl
    .split(/;\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
