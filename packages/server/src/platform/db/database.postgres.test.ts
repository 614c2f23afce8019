import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { adminUrl } from '../../test/pg-admin.ts';

// Only a real PostgreSQL server can end a connection on its own, so this file runs only with
// TEST_DATABASE_URL (vitest.config.ts); embedded PGlite has no connections to end.
describe('on PostgreSQL, when the database server ends idle connections', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await buildTestApp();
  });
  afterAll(async () => sut.close());

  it('keeps answering requests on fresh connections', async () => {
    // Several idle connections in the pool, as after a busy moment.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(sut.db)));
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(sut.config.databaseUrl as string).pathname.slice(1)],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // Give the pool time to hear of the ended connections before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const reply = await sut.app.inject({ method: 'GET', url: '/v1/menu/type' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().response.menus.long.length).toBeGreaterThan(0);
  });
});
