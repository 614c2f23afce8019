import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { seedDemo } from '../seed/seed.ts';
import { createLocalMediaStore, createS3MediaStore } from '../platform/media-store/index.ts';
import { migrateMedia } from '../platform/media-store/migrate.ts';
import { startS3Server, type S3Server } from './s3-server.ts';
import { adminUrl, TEMPLATE_DATABASE } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    /** MEDIA_STORE=s3 and S3_* when the run keeps media in a bucket (TEST_MEDIA_STORE=s3), else empty. */
    mediaStoreEnv: Record<string, string>;
  }
}

/**
 * Seeds the real demo catalogue (clips, HLS, encrypted images) once per run. On PGlite the seeded
 * database folder is the template each test file copies; with TEST_DATABASE_URL a PostgreSQL
 * template database plays that part.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-test-template-'));
  const pgAdmin = adminUrl();
  let databaseUrl: string | undefined;
  if (pgAdmin) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: pgAdmin });
    await client.connect();
    await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await client.query(`create database ${TEMPLATE_DATABASE}`);
    await client.end();
    const url = new URL(pgAdmin);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = await openDatabase(config);
  await migrateToLatest(db);
  await seedDemo(db, config, { info: () => undefined });
  await db.destroy();
  project.provide('templateDataDir', dataDir);
  // TEST_MEDIA_STORE=s3 (CI's second API run): the seeded media is moved into a bucket the way an
  // installation moves (`npm run media:migrate`), and every test's server reads it from there.
  let s3: S3Server | undefined;
  let mediaStoreEnv: Record<string, string> = {};
  if (process.env.TEST_MEDIA_STORE === 's3') {
    s3 = await startS3Server();
    mediaStoreEnv = { ...s3.env, S3_PREFIX: `template-${Date.now()}` };
    const target = loadConfig({ ...mediaStoreEnv, DATA_DIR: dataDir, NODE_ENV: 'test' });
    await migrateMedia(
      createLocalMediaStore(config.mediaDir),
      createS3MediaStore(target.mediaStore.s3),
    ).catch(async (error: unknown) => {
      await s3?.stop();
      throw error;
    });
  }
  project.provide('mediaStoreEnv', mediaStoreEnv);
  const seeded = await seededFiles(config.mediaDir);
  return async () => {
    await s3?.stop();
    // Files share the seeded media: one that deletes a demo file breaks whichever file reads it
    // next, at random. Say so here, by name, rather than as a distant flaky failure.
    const kept = new Set(await seededFiles(config.mediaDir));
    await fs.rm(dataDir, { recursive: true, force: true });
    const lost = seeded.filter((file) => !kept.has(file));
    if (lost.length > 0) {
      // Vitest reports a teardown's throw but keeps its exit code: set it, so CI goes red.
      process.exitCode = 1;
      throw new Error(
        `a test deleted ${lost.length} seeded media files it shares, e.g. ${lost.slice(0, 3).join(', ')}`,
      );
    }
  };
}

/** The demo's files in the shared media folder (what test files may read but never delete). */
async function seededFiles(mediaDir: string): Promise<string[]> {
  const entries = await fs.readdir(mediaDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)))
    .filter(
      (file) => file.startsWith(`img${path.sep}demo${path.sep}`) || file.startsWith(`hls${path.sep}demo-`),
    );
}
