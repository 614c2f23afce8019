import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, TEMPLATE_DATABASE } from './test/pg-admin.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';

// Two nodes on one empty PostgreSQL: this file runs only with TEST_DATABASE_URL.
const name = `streamapp_first_start_${crypto.randomBytes(4).toString('hex')}`;
let databaseUrl: string;
const dataDirs: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(adminUrl()!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl()!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('two nodes started at once on an empty database', () => {
  it('migrate and seed once: one schema, one catalogue', async () => {
    const nodes = await Promise.all(
      [0, 1].map(async () => {
        // Each node its own disk, as on two machines.
        const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'first-start-'));
        dataDirs.push(dataDir);
        const port = await freePort();
        const server = startTs('src/server.ts', [], {
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: String(port),
          MAX_EVENT_LOOP_DELAY_MS: '0',
        });
        return { server, base: `http://127.0.0.1:${port}` };
      }),
    );
    try {
      await Promise.all(nodes.map(({ base, server }) => waitForHealthy(base, server, 600_000)));
      const count = (client: pg.Client, sql: string) =>
        client.query<{ n: number }>(sql).then((result) => Number(result.rows[0]!.n));
      const seeded = await admin(
        async (client) => ({
          videos: await count(client, 'select count(*) as n from videos'),
          distinct: await count(client, 'select count(distinct title) as n from videos'),
          menus: await count(client, 'select count(*) as n from menus'),
          migrations: await count(client, 'select count(*) as n from kysely_migration'),
        }),
        name,
      );
      // The same catalogue one seed makes (the test template was seeded once the same way).
      const template = await admin(
        async (client) => ({
          videos: await count(client, 'select count(*) as n from videos'),
          distinct: await count(client, 'select count(distinct title) as n from videos'),
          menus: await count(client, 'select count(*) as n from menus'),
          migrations: await count(client, 'select count(*) as n from kysely_migration'),
        }),
        TEMPLATE_DATABASE,
      );
      expect(seeded).toEqual(template);
      // One node generated the catalogue; the other waited for the lock and found it there.
      const generated = nodes.filter(({ server }) =>
        server.output().includes('generating the demo catalogue'),
      );
      expect(generated).toHaveLength(1);
    } finally {
      for (const { server } of nodes) server.kill('SIGTERM');
      await Promise.all(nodes.map(({ server }) => exitOf(server)));
    }
  }, 900_000);
});
