import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { seedDemo } from '../seed/seed.ts';
import { adminUrl, TEMPLATE_DATABASE } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
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
  return async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
