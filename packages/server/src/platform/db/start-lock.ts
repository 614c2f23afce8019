import pg from 'pg';

/** One advisory lock key for "a node is migrating or seeding" (the queue's own hashtext style). */
const START_LOCK = `hashtext('streamapp_start')`;

/**
 * Holds PostgreSQL's session advisory lock for a node's first steps (migrations, the first seed),
 * so two nodes started at once on an empty database make one schema and one catalogue: the second
 * waits, then finds the work done. The lock lives on a connection of its own, so a node that dies
 * mid-way lets go with its session. Embedded PGlite belongs to one process and needs none.
 */
export async function whileStarting<T>(
  databaseUrl: string | undefined,
  applicationName: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `${applicationName} start`,
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${START_LOCK})`);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
