import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { insertDemoCatalogue, type DemoAsset } from './demo-catalogue.ts';

// The rows only: the media files the catalogue points at are not needed to read them back.
const IMAGES = { covers: ['c'], thumbs: ['t'], avatars: ['a'], tiles: ['t'], banners: ['b'] };
const ASSETS: DemoAsset[] = [
  { id: 'demo-1', durationSeconds: 20, portrait: false },
  { id: 'demo-2', durationSeconds: 12, portrait: true },
];

const opened: { db: Db; dir: string }[] = [];
afterAll(async () => {
  for (const { db, dir } of opened) {
    await db.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

/** A new empty embedded database seeded as `NODE_ENV=<env>` would seed it. */
async function seeded(env: Config['env']): Promise<Db> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `seed-${env}-`));
  const config = loadConfig({ DATA_DIR: dir, NODE_ENV: env, LOG_LEVEL: 'silent' });
  const db = await openDatabase(config);
  opened.push({ db, dir });
  await migrateToLatest(db);
  // The clips' rows, as ingest leaves them before the catalogue is inserted.
  await db
    .insertInto('media_assets')
    .values(
      ASSETS.map((asset) => ({ id: asset.id, duration_s: asset.durationSeconds, width: 854, height: 480 })),
    )
    .execute();
  await insertDemoCatalogue(db, IMAGES, ASSETS, config.env);
  return db;
}

const count = async (
  db: Db,
  table: 'activity_codes' | 'ticket_templates' | 'user_tickets' | 'sessions' | 'launch_codes',
) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the demo seed', () => {
  it('puts no activity codes, tickets or accounts with known secrets into a production database', async () => {
    const db = await seeded('production');
    expect(await count(db, 'activity_codes')).toBe(0);
    expect(await count(db, 'ticket_templates')).toBe(0);
    expect(await count(db, 'user_tickets')).toBe(0);
    expect(await count(db, 'sessions')).toBe(0);
    expect(await count(db, 'launch_codes')).toBe(0);
    // The creators' accounts exist for their public profiles, with no password to sign in with.
    const accounts = await db.selectFrom('users').select(['password_hash', 'email', 'phone']).execute();
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.filter((user) => user.password_hash || user.email || user.phone)).toEqual([]);
    // The catalogue stays, and the check-in cycle gives nothing that needs a ticket.
    expect((await db.selectFrom('videos').select('id').execute()).length).toBeGreaterThan(300);
    const cycle = await db.selectFrom('signin_rewards').select(['day', 'icon']).orderBy('day').execute();
    expect(cycle).toHaveLength(7);
    expect(cycle.filter((reward) => reward.icon === 'discost')).toEqual([]);
  });

  it('keeps the demo codes and tickets in development', async () => {
    const db = await seeded('development');
    const codes = await db
      .selectFrom('activity_codes')
      .select(['code', 'grant_kind', 'amount'])
      .orderBy('code')
      .execute();
    expect(codes).toEqual([
      { code: 'DEMO01', grant_kind: 'vip', amount: 3 },
      { code: 'PTS100', grant_kind: 'point', amount: 100 },
    ]);
    expect(await count(db, 'ticket_templates')).toBe(3);
    const ticketDay = await db
      .selectFrom('signin_rewards')
      .select(['icon', 'ticket_template_id'])
      .where('day', '=', 4)
      .executeTakeFirstOrThrow();
    expect(ticketDay.icon).toBe('discost');
    expect(ticketDay.ticket_template_id).not.toBeNull();
  });
});
