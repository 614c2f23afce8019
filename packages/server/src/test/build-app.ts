import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { createLocalMediaStore } from '../platform/media-store/local.ts';
import { migrateMedia } from '../platform/media-store/migrate.ts';
import { createS3MediaStore } from '../platform/media-store/s3.ts';
import { adminUrl, TEMPLATE_DATABASE } from './pg-admin.ts';

/**
 * A fresh copy of the seeded product for one test file: its own database (copied from the
 * template), the shared generated media, and the real app reached through `app.inject`.
 */
/**
 * A private copy of the seeded product's data: its own database (copied from the template) and
 * the shared generated media (or a copy of its own). Returns the environment a server or CLI needs.
 */
export async function prepareDataDir(extraEnv: Record<string, string> = {}, { ownMedia = false } = {}) {
  const template = inject('templateDataDir');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-test-'));
  // Test files run two at a time and share the seeded media (about 30 MB). A file that counts what
  // landed in the media folder, or may delete from it, takes its own copy (global-setup.ts fails the
  // run when a seeded file went missing).
  if (ownMedia) await fs.cp(path.join(template, 'media'), path.join(dataDir, 'media'), { recursive: true });
  else await fs.symlink(path.join(template, 'media'), path.join(dataDir, 'media'));
  // With the media in a bucket (TEST_MEDIA_STORE=s3) the folder above is not what the server reads:
  // a file of its own gets its own prefix holding a copy of the seeded media, so what other files
  // write meanwhile (new uploads' folders) is not in its listings, nor its deletions in theirs.
  let mediaStoreEnv = inject('mediaStoreEnv');
  if (ownMedia && mediaStoreEnv.S3_PREFIX !== undefined) {
    mediaStoreEnv = { ...mediaStoreEnv, S3_PREFIX: `own-${crypto.randomBytes(4).toString('hex')}` };
    const target = loadConfig({ ...mediaStoreEnv, DATA_DIR: dataDir, NODE_ENV: 'test' }).mediaStore;
    if (target.kind !== 's3') throw new Error('TEST_MEDIA_STORE=s3 without an S3 media store');
    await migrateMedia(createLocalMediaStore(path.join(template, 'media')), createS3MediaStore(target.s3));
  }
  const pgAdmin = adminUrl();
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (pgAdmin) {
    const name = `streamapp_test_${crypto.randomBytes(4).toString('hex')}`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(pgAdmin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const closer = new pg.Client({ connectionString: pgAdmin });
      await closer.connect();
      await closer.query(`drop database if exists ${name} with (force)`);
      await closer.end();
    };
  } else {
    await fs.cp(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  }
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTO_SEED: '0',
    // In-process PGlite runs each query on the test's own event loop, which also runs vitest and
    // fast-check: its lag says nothing about the server. load-shedding.test.ts sets its own.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...mediaStoreEnv,
    ...extraEnv,
  };
  return {
    env,
    async remove() {
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app on a private copy of the seeded product, reached through `app.inject`; `now`
 * replaces the clock of the business-day rules, `paymentProvider` the gateway.
 */
export async function buildTestApp(
  extraEnv: Record<string, string> = {},
  {
    ownMedia,
    ...options
  }: Omit<NonNullable<Parameters<typeof buildApp>[2]>, 'logger'> & { ownMedia?: boolean } = {},
) {
  const data = await prepareDataDir(extraEnv, { ownMedia });
  const config = loadConfig(data.env);
  const db = await openDatabase(config);
  await migrateToLatest(db);
  const built = await buildApp(config, db, { ...options, logger: false });
  await built.app.ready();
  return {
    ...built,
    db,
    config,
    async close() {
      await built.app.close();
      await db.destroy();
      await data.remove();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A guest session the way the web app gets one: mint a launch code, then fast login with it. */
export async function guestToken(app: TestApp['app']): Promise<string> {
  const launch = await app.inject({ method: 'POST', url: '/v1/launch' });
  const code = launch.json().response.code as string;
  const login = await app.inject({
    method: 'GET',
    url: '/v1/fastlogin?platform=web',
    headers: { 'x-fast-code': code },
  });
  return login.json().response.token as string;
}
