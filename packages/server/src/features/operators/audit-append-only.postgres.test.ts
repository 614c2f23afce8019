import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrations.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { expectAppendOnly } from './audit-append-only.kit.ts';

// On a PostgreSQL server (TEST_DATABASE_URL), as the application's own role connects to it.
let data: Awaited<ReturnType<typeof prepareDataDir>>;
let db: Db;
beforeAll(async () => {
  data = await prepareDataDir();
  db = await openDatabase(loadConfig(data.env));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await data.remove();
});

describe('the audit log (PostgreSQL)', () => {
  it('refuses TRUNCATE, UPDATE and DELETE from the application; retention deletes only year-old entries', async () => {
    await expectAppendOnly(db);
  });
});
